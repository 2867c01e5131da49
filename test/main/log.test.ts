/** The shared logger: one line per entry, levels, children, and no secrets in any line. */
import { describe, expect, it } from 'vitest';
import { createLogger, redactText, type LogEntry } from '../../main/log';

function capture(opts: { level?: 'debug' | 'info'; format?: 'plain' | 'json' } = {}) {
  const lines: string[] = [];
  const entries: LogEntry[] = [];
  const log = createLogger({
    name: 'test',
    level: opts.level ?? 'debug',
    format: opts.format ?? 'plain',
    sink: (l, e) => {
      lines.push(l);
      entries.push(e);
    },
  });
  return { log, lines, entries };
}

const KEY = 'Zx9kQ2mLp4Rt7Vw1Ys3Bn6Cd8Fg0Hj5K';

describe('createLogger', () => {
  it('writes one plain line per entry with level, name and fields', () => {
    const { log, lines } = capture();
    log.info('synced\nall', { events: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ INFO {2}\[test\] synced\\nall \{"events":3\}$/);
  });

  it('drops entries below the level and names children parent.child', () => {
    const { log, entries } = capture({ level: 'info' });
    log.debug('hidden');
    log.child('sync').warn('shown');
    expect(entries.map((e) => [e.level, e.name, e.message])).toEqual([['warn', 'test.sync', 'shown']]);
  });

  it('writes JSON lines when asked', () => {
    const { log, lines } = capture({ format: 'json' });
    log.error('failed', { code: 'X' });
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', name: 'test', msg: 'failed', code: 'X' });
  });

  it('redacts secret fields, secret-looking text and errors', () => {
    const { log, lines } = capture();
    const err = new Error(`request failed with Authorization: Basic ${Buffer.from(`a@b.c:${KEY}`).toString('base64')}`);
    log.error(`key is ${KEY}`, {
      api_key: KEY,
      nested: { password: 'hunter2', safe: 'visible' },
      headers: { Authorization: 'Basic abc=' },
      url: 'https://iago:hunter2@chat.example.com/',
      err,
    });
    const line = lines[0]!;
    expect(line).not.toContain(KEY);
    expect(line).not.toContain('hunter2');
    expect(line).not.toContain(Buffer.from(`a@b.c:${KEY}`).toString('base64'));
    expect(line).toContain('visible');
    expect(line).toContain('[redacted]');
    expect(line).toContain('chat.example.com');
  });

  it('survives a sink that throws', () => {
    const log = createLogger({
      name: 'x',
      sink: () => {
        throw new Error('pipe closed');
      },
    });
    expect(() => log.error('still fine')).not.toThrow();
  });
});

describe('redactText', () => {
  it('removes key=value secrets but leaves ordinary text alone', () => {
    expect(redactText('POST /fetch_api_key username=iago password=hunter2&x=1')).toBe(
      'POST /fetch_api_key username=iago password=[redacted]&x=1',
    );
    expect(redactText('{"api_key":"abc"}')).toBe('{"api_key":"[redacted]"}');
    expect(redactText('queue 1517975029:0 got 12 events')).toBe('queue 1517975029:0 got 12 events');
    expect(redactText('a word like abcdefghijklmnopqrstuvwxyzabcdef stays')).toContain(
      'abcdefghijklmnopqrstuvwxyzabcdef',
    );
  });
});

describe('redactText catches the other ways a secret is written', () => {
  const lettersOnlyKey = 'QwErTyUiOpAsDfGhJkLzXcVbNmQwErTy';
  const pushKey = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString('base64');
  const basic = Buffer.from(`iago@zulip.test:${KEY}`).toString('base64');

  it.each([
    ['escaped JSON', `body {\\"api_key\\":\\"${'s3cr3t-value'}\\",\\"x\\":1}`, 's3cr3t-value'],
    ['escaped JSON password', 'sent {\\"password\\":\\"hunter2\\"}', 'hunter2'],
    ['URL-encoded key', 'url ?api_key%3Dhunter2xyz&y=2', 'hunter2xyz'],
    ['URL-encoded JSON', 'form %7B%22password%22%3A%22hunter2%22%7D', 'hunter2'],
    ['a zuliprc key line', '[api]\nemail=a@b.c\nkey=hunter2abc\nsite=https://x', 'hunter2abc'],
    ['a key with no digit', `the key ${lettersOnlyKey} leaked`, lettersOnlyKey],
    ['a base64 push key', `registering ${pushKey}`, pushKey],
    ['a bare base64 email:key', `header value ${basic}`, basic],
    ['private_key=', 'private_key=abc123secret', 'abc123secret'],
    // `_` is a word character: a key right after one (or before one) has no \b around it.
    ['a key right after _', `cached token_${KEY} for later`, KEY],
    ['a key right before _', `file ${KEY}_backup`, KEY],
    ['a key between underscores', `name__${KEY}__x`, KEY],
  ])('%s', (_what, text, secret) => {
    expect(redactText(text)).not.toContain(secret);
    expect(redactText(text)).toContain('[redacted]');
  });

  it('redacts push key fields by name', () => {
    const { log, lines } = capture();
    log.info('push', { pushKey: 'aaa', private_key: 'bbb', encryptionKey: 'ccc', key: 'ddd', keyId: 7 });
    expect(lines[0]).not.toMatch(/aaa|bbb|ccc|ddd/);
    expect(lines[0]).toContain('"keyId":7');
  });

  it('still leaves ordinary text alone', () => {
    for (const text of [
      'synced 1234 events for queue 1517975029:0',
      'topic "release notes / 2026-11-24"',
      'https://chat.example.com/#narrow/channel/12-general',
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });
});
