/** Importing zuliprc files: from text, and from real files in a temp directory. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AuthInputError, MAX_ZULIPRC_BYTES, parseZuliprc, readZuliprcFile } from '../../../main/auth';
import { authError } from './auth-error';
import { API_KEY } from './zulip-server-otp';

const GOOD = `[api]\nemail=iago@example.com\nkey=${API_KEY}\nsite=https://chat.example.com\n`;
const EXPECTED = { realmUrl: 'https://chat.example.com', email: 'iago@example.com', apiKey: API_KEY };

function zuliprcError(text: string): AuthInputError {
  const e = authError(() => parseZuliprc(text));
  expect(e.code).toBe('INVALID_ZULIPRC');
  expect(e.message).not.toContain(API_KEY);
  return e;
}

describe('parseZuliprc', () => {
  it('reads the file Zulip offers under "Download zuliprc"', () => {
    expect(parseZuliprc(GOOD)).toEqual(EXPECTED);
  });

  it('tolerates a byte-order mark, CRLF line ends, comments, spaces and other sections', () => {
    const text = [
      '\uFEFF# Downloaded from Zulip',
      '; another comment',
      '',
      '[other]',
      'email = someone@else.example',
      '',
      '  [api]  ',
      '  Email   =   iago@example.com  ',
      `KEY: ${API_KEY}`,
      '# site comes last',
      'site = https://chat.example.com/',
      'insecure = false',
      '',
    ].join('\r\n');
    expect(parseZuliprc(text)).toEqual(EXPECTED);
  });

  it('accepts old Mac CR-only line ends', () => {
    expect(parseZuliprc(GOOD.replaceAll('\n', '\r'))).toEqual(EXPECTED);
  });

  it.each([
    ['chat.example.com', 'https://chat.example.com'],
    ['https://chat.example.com/api', 'https://chat.example.com'],
    ['https://chat.example.com/api/v1/', 'https://chat.example.com'],
    ['localhost:9991', 'http://localhost:9991'],
    ['http://127.0.0.1:9991/', 'http://127.0.0.1:9991'],
  ])('normalises site %s to %s', (site, realmUrl) => {
    expect(parseZuliprc(GOOD.replace('https://chat.example.com', site)).realmUrl).toBe(realmUrl);
  });

  it('refuses a file without an [api] section', () => {
    const e = zuliprcError('[zulip]\nemail=iago@example.com\n');
    expect(e.message).toBe('This file has no [api] section, so it is not a zuliprc file.');
    expect(zuliprcError('').message).toContain('no [api] section');
  });

  it.each(['email', 'key', 'site'])('names the missing "%s" setting', (field) => {
    const text = GOOD.split('\n')
      .filter((line) => !line.startsWith(`${field}=`))
      .join('\n');
    expect(zuliprcError(text).message).toBe(`The zuliprc file's [api] section has no "${field}" setting.`);
  });

  it('names an empty setting', () => {
    expect(zuliprcError(GOOD.replace('email=iago@example.com', 'email =  ')).message).toContain(
      '"email" setting is empty',
    );
  });

  it('checks the key like a pasted one', () => {
    const e = zuliprcError(GOOD.replace(API_KEY, API_KEY.slice(0, 30)));
    expect(e.code).toBe('INVALID_ZULIPRC');
    expect(e.message).toBe(
      'The zuliprc file\'s [api] "key" has 30 characters; a Zulip API key has exactly 32. Check that all of it was copied.',
    );
  });

  it('refuses a site that is not a web address', () => {
    expect(zuliprcError(GOOD.replace('https://chat.example.com', 'ftp://chat.example.com')).message).toContain(
      'site is not usable',
    );
  });

  it.each([
    ['a line that is not INI', `[api]\nemail=iago@example.com\n${API_KEY}\n`, 'line 3 is not a [section]'],
    ['a setting before any section', `key=${API_KEY}\n[api]\n`, 'line 1 is a setting that comes before any [section]'],
    ['a setting given twice', `${GOOD}key=${API_KEY}\n`, 'line 5: "key" is set twice in [api]'],
    ['a section given twice', `${GOOD}[API]\n`, 'line 5: the section [api] appears twice'],
  ])('refuses %s with its line number, never its text', (_what, text, words) => {
    const e = zuliprcError(text);
    expect(e.message).toContain(words);
  });
});

describe('readZuliprcFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-zuliprc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function fileError(path: string): Promise<AuthInputError> {
    try {
      await readZuliprcFile(path);
    } catch (e) {
      if (e instanceof AuthInputError) return e;
      throw e;
    }
    throw new Error('expected readZuliprcFile to fail');
  }

  it('reads a file from disk, BOM and CRLF included', async () => {
    const path = join(dir, 'zuliprc');
    writeFileSync(path, `\uFEFF${GOOD.replaceAll('\n', '\r\n')}`);
    await expect(readZuliprcFile(path)).resolves.toEqual(EXPECTED);
  });

  it('says when there is no file, or a folder, at the path', async () => {
    expect((await fileError(join(dir, 'missing'))).message).toBe(`There is no file at ${join(dir, 'missing')}.`);
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    expect((await fileError(folder)).message).toBe(`${folder} is not a file.`);
  });

  it('refuses binary and oversized files before parsing them', async () => {
    const binary = join(dir, 'binary');
    writeFileSync(binary, Buffer.from([0x5b, 0x61, 0x70, 0x69, 0x5d, 0x0a, 0xff, 0xfe, 0x00]));
    expect((await fileError(binary)).message).toContain('is not a text file');
    const huge = join(dir, 'huge');
    writeFileSync(huge, `${GOOD}#${'x'.repeat(MAX_ZULIPRC_BYTES)}\n`);
    expect((await fileError(huge)).message).toContain('is too large');
  });
});
