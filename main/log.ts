/**
 * The logger every part of main uses: one line per entry, secrets removed before the line
 * exists. No dependency on purpose, so it can be imported anywhere (CLI, tests, Electron).
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface LogEntry {
  time: string;
  level: LogLevel;
  name: string;
  message: string;
  fields?: LogFields;
}

export interface Logger {
  readonly name: string;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger for a part of this one; its name is `parent.child` and it shares sink and level. */
  child(name: string): Logger;
}

/** Receives each finished (already redacted) line. */
export type LogSink = (line: string, entry: LogEntry) => void;

export interface LoggerOptions {
  name: string;
  sink?: LogSink;
  /** Lowest level written; defaults to PARLEY_LOG_LEVEL, else 'info'. */
  level?: LogLevel;
  /** 'plain' (default) is for people; 'json' writes one JSON object per line. */
  format?: 'plain' | 'json';
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const REDACTED = '[redacted]';

/** Field names whose values are secrets whatever they look like. */
const SECRET_KEY =
  /api[_-]?key|(?:private|push|encryption|signing|secret)[_-]?key|^key$|password|passwd|secret|authori[sz]ation|token|otp|cookie|credential/i;

/** Text patterns that carry secrets inside otherwise harmless strings. */
const SECRET_TEXT: [RegExp, string][] = [
  // "Authorization: Basic abc=" or a bare "Basic abc=" / "Bearer abc".
  [/\b(authorization\s*[:=]\s*)?(basic|bearer)\s+[A-Za-z0-9+/._~-]+=*/gi, `$1$2 ${REDACTED}`],
  // api_key=..., "password": "...", otp_encrypted_api_key=..., also inside escaped JSON
  // (\"password\":\"...\") and URL-encoded forms (api_key%3D..., password%22%3A%22...).
  [
    /\b([\w-]*(?:api[_-]?key|private[_-]?key|push[_-]?key|password|secret|token|otp)[\w-]*)((?:\\?["']|%22|%27)?\s*(?:[:=]|%3A|%3D)\s*(?:\\?["']|%22|%27)?)(?:[^\s"'&,}\\%]|%(?!22|27|26|2C))+/gi,
    `$1$2${REDACTED}`,
  ],
  // A zuliprc's "key=..." line.
  [/^(\s*key\s*=\s*)\S+/gim, `$1${REDACTED}`],
  // Credentials embedded in a URL: https://user:pass@host
  [/\/\/[^/\s:@]+:[^/\s@]+@/g, `//${REDACTED}@`],
  // A Zulip API key is 32 random letters and digits: redact such tokens unless they are plainly
  // a word (all lowercase) or a number. One key in ~280 has no digit, so mixed case counts too.
  // Bounded by any non-alphanumeric, not \b: `_` is a word character, and `token_<key>` or
  // `<key>_1` must not hide the key from this pattern.
  [/(?<![A-Za-z0-9])(?![a-z]{32}(?![A-Za-z0-9]))(?!\d{32}(?![A-Za-z0-9]))[A-Za-z0-9]{32}(?![A-Za-z0-9])/g, REDACTED],
  // Long base64 (push keys are 44 or 88 characters; "email:key" in a bare Basic credential).
  [/(?<![A-Za-z0-9+/])(?=[A-Za-z0-9+/]*\d)(?=[A-Za-z0-9+/]*[A-Za-z])[A-Za-z0-9+/]{40,}={0,2}/g, REDACTED],
];

/** Removes anything that looks like an API key, password or Authorization header from text. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** Deep copy of a value with secret fields and secret-looking text replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[too deep]';
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
    if (value.stack) out['stack'] = redactText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) out['code'] = redactValue(code, depth + 1);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

function envLevel(): LogLevel {
  const raw = process.env['PARLEY_LOG_LEVEL'];
  return raw === 'debug' || raw === 'info' || raw === 'warn' || raw === 'error' ? raw : 'info';
}

/** Newlines inside a message would split one entry over several lines. */
function oneLine(text: string): string {
  return text.replace(/\r?\n/g, '\\n');
}

function formatPlain(entry: LogEntry): string {
  const head = `${entry.time} ${entry.level.toUpperCase().padEnd(5)} [${entry.name}] ${oneLine(entry.message)}`;
  return entry.fields ? `${head} ${JSON.stringify(entry.fields)}` : head;
}

function formatJson(entry: LogEntry): string {
  return JSON.stringify({
    ...entry.fields,
    time: entry.time,
    level: entry.level,
    name: entry.name,
    msg: entry.message,
  });
}

const stderrSink: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

/** Creates a logger; by default it writes plain lines to stderr. */
export function createLogger(opts: LoggerOptions): Logger {
  const sink = opts.sink ?? stderrSink;
  const minRank = RANK[opts.level ?? envLevel()];
  const format = opts.format === 'json' ? formatJson : formatPlain;

  const write = (level: LogLevel, message: string, fields?: LogFields): void => {
    if (RANK[level] < minRank) return;
    const entry: LogEntry = { time: new Date().toISOString(), level, name: opts.name, message: redactText(message) };
    if (fields && Object.keys(fields).length > 0) entry.fields = redactValue(fields) as LogFields;
    try {
      sink(format(entry), entry);
    } catch {
      // A broken sink (closed pipe) must never take the caller down with it.
    }
  };

  return {
    name: opts.name,
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (name) => createLogger({ ...opts, sink, name: `${opts.name}.${name}` }),
  };
}
