import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  entryPageWithPicture,
  firstEntryOnly,
  inlineStylesheet,
  prepareLaunchPage,
} from '../../../main/launch-picture/entry-page';
import {
  launchPicturePath,
  readLaunchPicture,
  removeLaunchPicture,
  writeLaunchPicture,
  type LaunchPicture,
} from '../../../main/launch-picture/file';
import { pictureKeeper } from '../../../main/launch-picture/keep';
import { PICTURE_POLICY_ID } from '../../../main/launch-picture/policy';
import { signPicture } from '../../../main/launch-picture/signing';
import { tempDir } from '../store/fixtures';

/** This install's key (the keychain's, in the app) and another install's. */
const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);
const ourKey = (): Promise<Buffer | null> => Promise.resolve(KEY);

/** The shape vite writes renderer/dist/index.html in. */
const ENTRY = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <script type="module" crossorigin src="./assets/index-Abc123.js"></script>',
  '    <link rel="stylesheet" crossorigin href="./assets/index-Css456.css">',
  '  </head>',
  '  <body>',
  '    <div id="app"></div>',
  '  </body>',
  '</html>',
].join('\n');

const picture = (over: Partial<LaunchPicture> = {}): LaunchPicture => ({
  accountId: 'acc-1',
  build: '/assets/index-Abc123.js',
  theme: null,
  html: '<div class="home"><div role="log"><article>Hi</article></div></div>',
  ...over,
});

/** A renderer build: its entry page and the stylesheet it links (which styles `.home`). */
function rendererFolder(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), ENTRY);
  writeFileSync(join(dir, 'assets', 'index-Css456.css'), '.home{display:grid}');
  return dir;
}

/** Keeps `payload` as the core does with the renderer's window:picture (keep.ts), under KEY. */
function keep(dataDir: string, payload: unknown, isAccount: (id: string) => boolean = () => true): void {
  pictureKeeper(dataDir, rendererFolder(), isAccount).keep(payload, KEY);
}

describe('entryPageWithPicture', () => {
  it('puts the picture in an inert, hidden layer before the app root, with the theme on the root', () => {
    const page = entryPageWithPicture(ENTRY, picture({ theme: 'dark', html: '<p>pictured $& $1</p>' }));
    expect(page).toContain('<html lang="en" data-theme="dark">');
    // Inserted as it is: `$` patterns are not replacement patterns here.
    expect(page).toContain(
      '<div id="launch-picture" aria-hidden="true"><div inert><p>pictured $& $1</p></div></div><div id="app"></div>',
    );
  });

  it('refuses a picture of another build, and a page with no place for it', () => {
    expect(entryPageWithPicture(ENTRY, picture({ build: '/assets/index-Other.js' }))).toBeNull();
    expect(entryPageWithPicture(ENTRY.replace('<div id="app"></div>', ''), picture())).toBeNull();
  });
});

describe('inlineStylesheet', () => {
  it('puts the linked stylesheet into the page', () => {
    const page = inlineStylesheet(ENTRY, (path) => (path === 'assets/index-Css456.css' ? '.a{color:red}' : null));
    expect(page).toContain('<style>.a{color:red}</style>');
    expect(page).not.toContain('rel="stylesheet"');
  });

  it('leaves the link when the file cannot be read or would end the <style> early', () => {
    expect(inlineStylesheet(ENTRY, () => null)).toBe(ENTRY);
    expect(inlineStylesheet(ENTRY, () => '.a{content:"</STYLE><script>x()</script>"}')).toBe(ENTRY);
  });
});

describe('the picture file', () => {
  it('is written privately, read back, and removed', () => {
    const dataDir = tempDir();
    keep(dataDir, picture(), (id) => id === 'acc-1');
    expect(statSync(launchPicturePath(dataDir)).mode & 0o777).toBe(0o600);
    expect(readLaunchPicture(dataDir)).toEqual({
      ...picture(),
      policy: PICTURE_POLICY_ID,
      mac: expect.stringMatching(/^[\w-]{43}$/),
    });
    removeLaunchPicture(dataDir);
    const problems: string[] = [];
    expect(readLaunchPicture(dataDir, (why) => problems.push(why))).toBeNull();
    expect(problems).toEqual([]); // none is no problem
  });

  it('refuses a picture of an account that is not signed in, and one that is not a picture', () => {
    const dataDir = tempDir();
    expect(() => keep(dataDir, picture(), () => false)).toThrow(/not signed in/);
    expect(() => keep(dataDir, { ...picture(), build: '../../etc/passwd' })).toThrow();
    expect(() => keep(dataDir, { ...picture(), html: 'x'.repeat(2 * 1024 * 1024) })).toThrow();
    expect(readLaunchPicture(dataDir)).toBeNull();
  });

  it('keeps none when the renderer build has no stylesheet to check classes against', () => {
    const dataDir = tempDir();
    const noStyles = tempDir();
    writeFileSync(join(noStyles, 'index.html'), ENTRY);
    expect(() => pictureKeeper(dataDir, noStyles, () => true).keep(picture(), KEY)).toThrow(/stylesheet/);
    expect(readLaunchPicture(dataDir)).toBeNull();
  });

  it('reads a damaged file as no picture, and says why', () => {
    const dataDir = tempDir();
    const problems: string[] = [];
    writeFileSync(launchPicturePath(dataDir), '{"html": "<p>half');
    expect(readLaunchPicture(dataDir, (why) => problems.push(why))).toBeNull();
    writeFileSync(launchPicturePath(dataDir), JSON.stringify({ ...picture(), theme: 'purple' }));
    expect(readLaunchPicture(dataDir, (why) => problems.push(why))).toBeNull();
    expect(problems).toEqual(['the file is not a launch picture', 'the file is not a launch picture']);
  });
});

describe('prepareLaunchPage', () => {
  it('makes the entry page with the picture as sanitized when kept, and the stylesheet in it', async () => {
    const dataDir = tempDir();
    const html = '<div class="home borrowed" onmouseover="x()"><article>Hi</article><script>x()</script></div>';
    keep(dataDir, picture({ html }));
    // Sanitized once, before it reached the disk: the file holds no handler, script or foreign class.
    expect(readLaunchPicture(dataDir)?.html).toBe('<div class="home"><article>Hi</article></div>');
    const page = await prepareLaunchPage(rendererFolder(), dataDir, undefined, ourKey);
    expect(page).toContain('<div inert><div class="home"><article>Hi</article></div></div>');
    expect(page).toContain('<style>.home{display:grid}</style>');
    expect(page).not.toContain('x()');
  });

  it('makes none without a picture, or for a picture of another build', async () => {
    const dataDir = tempDir();
    const problems: string[] = [];
    expect(await prepareLaunchPage(rendererFolder(), dataDir, (why) => problems.push(why), ourKey)).toBeNull();
    keep(dataDir, picture({ build: '/assets/index-Old999.js' }));
    expect(await prepareLaunchPage(rendererFolder(), dataDir, (why) => problems.push(why), ourKey)).toBeNull();
    expect(problems).toEqual(['the picture was drawn by another build of the app']);
  });

  // #25 item 5: anyone who can write the data folder could put their own screen before the app.
  it('shows no picture this install did not sign: changed, unsigned, another install’s, or no key', async () => {
    const renderer = rendererFolder();
    const dataDir = tempDir();
    const problems: string[] = [];
    const make = (key = ourKey) => prepareLaunchPage(renderer, dataDir, (why) => problems.push(why), key);
    const fake = {
      ...picture({ html: '<div class="home">Session expired: sign in at https://evil.test</div>' }),
      policy: PICTURE_POLICY_ID,
    };
    // Its words changed after Parley signed it.
    keep(dataDir, picture());
    const signed = JSON.parse(readFileSync(launchPicturePath(dataDir), 'utf8')) as { mac: string };
    writeFileSync(launchPicturePath(dataDir), JSON.stringify({ ...fake, mac: signed.mac }));
    expect(await make()).toBeNull();
    // Signed by another install (another key), or carrying a made-up signature.
    writeFileSync(launchPicturePath(dataDir), JSON.stringify({ ...fake, mac: signPicture(fake, OTHER_KEY) }));
    expect(await make()).toBeNull();
    writeFileSync(launchPicturePath(dataDir), JSON.stringify({ ...fake, mac: 'A'.repeat(43) }));
    expect(await make()).toBeNull();
    // Our own, but the keychain has no key (or none answers): no picture either.
    keep(dataDir, picture());
    expect(await make(() => Promise.resolve(null))).toBeNull();
    expect(problems).toEqual(Array(4).fill('the file was not written by this install of Parley'));
    // The same file with the key: shown.
    expect(await make()).toContain('<article>Hi</article>');
  });

  it('shows no picture kept under another sanitizing policy, signed or not', async () => {
    const dataDir = tempDir();
    const problems: string[] = [];
    // Signed by this install, but by a build whose policy let a handler through.
    const older = { ...picture({ html: '<div class="home" onclick="x()">Hi</div>' }), policy: 'an-older-policy' };
    writeLaunchPicture(dataDir, older, KEY);
    expect(await prepareLaunchPage(rendererFolder(), dataDir, (why) => problems.push(why), ourKey)).toBeNull();
    expect(problems).toEqual(['the picture was kept under another sanitizing policy']);
  });
});

describe('firstEntryOnly', () => {
  it('hands the page to the first load only; a page that could not be made is none', async () => {
    const take = firstEntryOnly(Promise.resolve('<p>page</p>'));
    expect(await take()).toBe('<p>page</p>');
    expect(await take()).toBeNull();
    expect(await firstEntryOnly(Promise.reject(new Error('disk')))()).toBeNull();
    expect(await firstEntryOnly(null)()).toBeNull();
  });
});
