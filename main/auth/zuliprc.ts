/**
 * Importing a zuliprc: the small INI file Zulip offers under "Download zuliprc" (for a user or
 * a bot) and that its Python tools read. Only the [api] section's email, key and site matter;
 * other settings (insecure, cert_bundle, ...) are for those tools and are ignored here.
 */
import { readFile, stat } from 'node:fs/promises';
import { ProbeError, normaliseServerUrl } from '../api';
import { parseApiKey } from './apiKey';
import { AuthInputError } from './errors';
import { IniSyntaxError, parseIni } from './ini';

export interface ZuliprcCredentials {
  /** The organization URL: scheme added, trailing slashes and a trailing /api removed. */
  realmUrl: string;
  email: string;
  apiKey: string;
}

/** Real zuliprc files are a few hundred bytes; anything this big is the wrong file. */
export const MAX_ZULIPRC_BYTES = 64 * 1024;

function invalid(message: string): AuthInputError {
  return new AuthInputError('INVALID_ZULIPRC', message);
}

/**
 * Zulip's Python client accepts a site with or without the /api suffix it appends itself,
 * so files in the wild carry both forms.
 */
function normaliseSite(site: string): string {
  const withoutApi = site
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api(\/v1)?$/i, '');
  try {
    return normaliseServerUrl(withoutApi);
  } catch (e) {
    if (e instanceof ProbeError) throw invalid(`The zuliprc file's site is not usable: ${e.message}`);
    throw e;
  }
}

/** Parses the text of a zuliprc file, or throws INVALID_ZULIPRC naming what is missing or wrong. */
export function parseZuliprc(text: string): ZuliprcCredentials {
  let sections;
  try {
    sections = parseIni(text);
  } catch (e) {
    if (e instanceof IniSyntaxError) throw invalid(`This is not a valid zuliprc file: ${e.message}.`);
    throw e;
  }
  const api = sections.get('api');
  if (!api) throw invalid('This file has no [api] section, so it is not a zuliprc file.');
  const field = (name: 'email' | 'key' | 'site'): string => {
    const value = api.get(name)?.trim();
    if (value === undefined) throw invalid(`The zuliprc file's [api] section has no "${name}" setting.`);
    if (value === '') throw invalid(`The zuliprc file's [api] "${name}" setting is empty.`);
    return value;
  };
  const email = field('email');
  if (/\s/.test(email)) throw invalid('The zuliprc file\'s [api] "email" setting contains spaces.');
  let apiKey: string;
  try {
    apiKey = parseApiKey(field('key'), 'The zuliprc file\'s [api] "key"');
  } catch (e) {
    // Same words as for a pasted key, but the code says the file is what needs fixing.
    if (e instanceof AuthInputError && e.code === 'INVALID_API_KEY') throw invalid(e.message);
    throw e;
  }
  return { realmUrl: normaliseSite(field('site')), email, apiKey };
}

/** Reads and parses a zuliprc file from disk; unreadable, huge or binary files get clear errors. */
export async function readZuliprcFile(path: string): Promise<ZuliprcCredentials> {
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw invalid(`${path} is not a file.`);
    if (info.size > MAX_ZULIPRC_BYTES) throw invalid(`${path} is too large (${info.size} bytes) to be a zuliprc file.`);
    bytes = await readFile(path);
  } catch (e) {
    if (e instanceof AuthInputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw invalid(`There is no file at ${path}.`);
    if (code === 'EACCES' || code === 'EPERM') throw invalid(`Parley is not allowed to read ${path}.`);
    throw invalid(`${path} could not be read (${code ?? 'unknown error'}).`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(`${path} is not a text file, so it is not a zuliprc file.`);
  }
  return parseZuliprc(text);
}
