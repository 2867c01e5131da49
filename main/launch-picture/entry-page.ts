/**
 * The entry page a launch is served: renderer/dist/index.html with the last session's picture
 * (file.ts) inside it, so the browser draws the window the user left while the renderer's code is
 * still loading. The picture goes in front of the app's root in a layer the app removes once it has
 * drawn its own screen (renderer/lib/launchPicture.ts); it is inert, hidden from assistive
 * technology, and swallows clicks, so nobody acts on a picture.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAUNCH_PICTURE_LAYER_ID } from '../../common/launch-picture';
import { readLaunchPicture, type LaunchPicture } from './file';
import { PICTURE_POLICY_ID } from './policy';
import { isSignedBy, keychainSigningKey } from './signing';

/** Where the app's root is in the entry page; the picture's layer goes just before it. */
const APP_ROOT_MARKUP = '<div id="app"></div>';
const ROOT_ELEMENT = '<html lang="en">';

/**
 * The entry page with `picture` (its markup sanitized when it was kept) in it; null when the page
 * is not the one the picture was drawn by (another build) or has no place for it.
 */
export function entryPageWithPicture(entryHtml: string, picture: LaunchPicture): string | null {
  // `./assets/index-abc.js` in the page for `/assets/index-abc.js` in the picture.
  if (!entryHtml.includes(`src=".${picture.build}"`)) return null;
  if (!entryHtml.includes(APP_ROOT_MARKUP) || !entryHtml.includes(ROOT_ELEMENT)) return null;
  const layer =
    `<div id="${LAUNCH_PICTURE_LAYER_ID}" aria-hidden="true"><div inert>${picture.html}</div></div>` + APP_ROOT_MARKUP;
  const root = picture.theme === null ? ROOT_ELEMENT : `<html lang="en" data-theme="${picture.theme}">`;
  // Functions as replacements: the markup is inserted as it is, `$` patterns and all.
  return entryHtml.replace(ROOT_ELEMENT, () => root).replace(APP_ROOT_MARKUP, () => layer);
}

/** The entry page's stylesheet link as vite writes it: one content-hashed file under assets/. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\.\/(assets\/[\w.-]+\.css)">/;

/** The text of the stylesheet the entry page links, or null. */
export function linkedStylesheet(entryHtml: string, readAsset: (path: string) => string | null): string | null {
  const path = STYLESHEET_LINK.exec(entryHtml)?.[1];
  return path === undefined ? null : readAsset(path);
}

/**
 * The entry page with its stylesheet in it instead of linked. A linked stylesheet holds the first
 * paint until it has been fetched; in the page, the picture paints as soon as it is parsed, before
 * the renderer's code arrives and runs (40-90 ms sooner, bench `ui`). Unchanged when the page
 * links no stylesheet, or one that cannot be read or be put in a <style> as it is.
 */
export function inlineStylesheet(entryHtml: string, readAsset: (path: string) => string | null): string {
  const link = STYLESHEET_LINK.exec(entryHtml);
  const css = link === null ? null : linkedStylesheet(entryHtml, readAsset);
  if (!link || css === null || css.toLowerCase().includes('</style')) return entryHtml;
  return entryHtml.replace(link[0], () => `<style>${css}</style>`);
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Reads the renderer's entry page and the data folder's picture and puts them together; null when
 * there is no picture to show (none, another build's, one this install did not sign, or a file
 * that is not one: `onProblem` says which). Called once per launch, as early as it can be: it
 * runs while the window is made. `signingKey`: this install's key (default: the OS keychain's).
 */
export async function prepareLaunchPage(
  rendererDir: string,
  dataDir: string,
  onProblem: (why: string) => void = () => {},
  signingKey: () => Promise<Buffer | null> = () => keychainSigningKey(),
): Promise<string | null> {
  const picture = readLaunchPicture(dataDir, onProblem);
  if (picture === null) return null;
  // Kept by a build that sanitized under other rules: not this build's to vouch for.
  if (picture.policy !== PICTURE_POLICY_ID) {
    onProblem('the picture was kept under another sanitizing policy');
    return null;
  }
  const key = await signingKey();
  if (key === null || !isSignedBy(picture, picture.mac, key)) {
    onProblem('the file was not written by this install of Parley');
    return null;
  }
  const entryHtml = readText(join(rendererDir, 'index.html'));
  if (entryHtml === null) {
    onProblem('could not read the entry page');
    return null;
  }
  const page = entryPageWithPicture(entryHtml, picture);
  if (page === null) onProblem('the picture was drawn by another build of the app');
  return page === null ? null : inlineStylesheet(page, (path) => readText(join(rendererDir, path)));
}

/**
 * Hands the launch page to the first request for the entry page, and to none after: a reload
 * (or a second window) shows the live app as it is, not the last session's picture. A page that
 * could not be made is no page.
 */
export function firstEntryOnly(page: Promise<string | null> | null | undefined): () => Promise<string | null> {
  let left = page ?? null;
  return () => {
    const taken = left;
    left = null;
    return taken === null ? Promise.resolve(null) : taken.catch(() => null);
  };
}
