/**
 * The launch picture, the renderer's side: the window as markup, sent to be kept
 * (main/launch-picture writes it, and puts it into the next start's entry page), and, at a start
 * that has one, the picture's layer taken away as soon as the app has drawn its own screen.
 * A warm start so shows the conversation the user left while its code still loads; the picture is
 * inert and swallows clicks, so the live app is what anyone acts on.
 */
import { LAUNCH_PICTURE_LAYER_ID, RENDERER_BUILD_PATH } from '../../common/launch-picture';
import type { BridgeClient } from './bridge';

/** A message row in a conversation: what the picture is of, and what ends it. */
const MESSAGE_ROW = '[role="log"] article';
/** Things on top of the window for a moment: not part of what the next start should show. */
const TRANSIENT = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="menu"]',
  '[role="listbox"]',
  '[role="tooltip"]',
  '.backdrop',
  '.toasts',
].join(', ');
let retire: (() => void) | null = null;

/**
 * Keeps the picture up until the app shows a message row in `app`, something else says so
 * (retireLaunchPicture: another screen, an error), a press on it, or `maxMs` at the latest.
 */
export function holdLaunchPicture(app: HTMLElement, maxMs = 3000, doc: Document = document): void {
  const layer = doc.getElementById(LAUNCH_PICTURE_LAYER_ID);
  if (!layer) return;
  const done = (): void => {
    observer.disconnect();
    clearTimeout(timer);
    layer.remove();
    retire = null;
  };
  const observer = new MutationObserver(() => {
    if (app.querySelector(MESSAGE_ROW)) done();
  });
  observer.observe(app, { childList: true, subtree: true });
  const timer = setTimeout(done, maxMs);
  // The picture is inert; its layer takes the press so nothing under it gets it unseen.
  layer.addEventListener('pointerdown', done);
  retire = done;
}

/** Takes the picture away now (the app shows something other than what it pictured). */
export function retireLaunchPicture(): void {
  retire?.();
}

/**
 * The window's markup as the next start should show it: scrolled as now, without menus and
 * dialogs, and with every field empty. What is typed (an unsent draft, a topic) is not kept in a
 * file on disk for a picture: the app restores the draft itself once it runs. Null when no
 * conversation is on screen: the next start reopens the last conversation, so only a picture of
 * one can match what it draws.
 */
export function takePicture(app: HTMLElement): string | null {
  if (!app.querySelector(MESSAGE_ROW)) return null;
  const copy = app.cloneNode(true) as HTMLElement;
  const live = app.querySelectorAll<HTMLElement>('*');
  const copies = copy.querySelectorAll<HTMLElement>('*');
  live.forEach((element, i) => {
    const twin = copies[i];
    if (!twin) return;
    if (element.scrollTop !== 0 || element.scrollLeft !== 0) {
      // Markup has no scroll position: shift the content instead, clipped by its container.
      twin.style.overflow = 'hidden';
      for (const child of twin.children) {
        if (child instanceof HTMLElement) child.style.translate = `${-element.scrollLeft}px ${-element.scrollTop}px`;
      }
    }
  });
  for (const field of copy.querySelectorAll('textarea')) field.textContent = '';
  for (const field of copy.querySelectorAll('input, option')) {
    field.removeAttribute('value');
    field.removeAttribute('checked');
    field.removeAttribute('selected');
  }
  for (const editable of copy.querySelectorAll('[contenteditable]')) editable.textContent = '';
  for (const transient of copy.querySelectorAll(TRANSIENT)) transient.remove();
  return copy.innerHTML;
}

/** The renderer bundle's path as the entry page names it (`/assets/index-abc.js`), or null. */
export function bundlePath(doc: Document = document): string | null {
  const src = doc.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!src) return null;
  const path = new URL(src, doc.baseURI).pathname;
  return RENDERER_BUILD_PATH.test(path) ? path : null;
}

function currentTheme(doc: Document): 'dark' | 'light' | null {
  const theme = doc.documentElement.dataset['theme'];
  return theme === 'dark' || theme === 'light' ? theme : null;
}

export interface PictureTiming {
  /** Quiet time after the last change before a picture is taken. */
  quietMs: number;
  /** Longest a change waits while the window keeps changing. */
  maxWaitMs: number;
  /**
   * Least time between two pictures while the window is shown: a busy conversation changes every
   * few seconds, and each picture is a file write; hiding or closing the window always sends one.
   */
  minIntervalMs: number;
}

const TIMING: PictureTiming = { quietMs: 1500, maxWaitMs: 10_000, minIntervalMs: 60_000 };

/**
 * Sends a picture of `app` when it has changed and then stayed still a moment (at most one a
 * minute), and at once when the window is hidden or closed; each names the account it shows
 * (`activeAccount`), so a picture taken as an account signs out is not kept. Returns a stop function.
 */
export function keepPictures(
  bridge: BridgeClient,
  app: HTMLElement,
  activeAccount: () => string | null,
  timing: PictureTiming = TIMING,
): () => void {
  const doc = app.ownerDocument;
  const build = bundlePath(doc);
  // Only a built app's picture can be matched with its page (tests and dev servers have none).
  if (build === null) return () => {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dirtySince: number | null = null;
  let sentAt = -Infinity;
  const save = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (dirtySince === null) return;
    dirtySince = null;
    const accountId = activeAccount();
    const html = accountId === null ? null : takePicture(app);
    if (accountId !== null && html !== null) {
      sentAt = Date.now();
      bridge.send('window:picture', { accountId, html, build, theme: currentTheme(doc) });
    }
  };
  const changed = (): void => {
    const now = Date.now();
    dirtySince ??= now;
    if (timer !== null) clearTimeout(timer);
    const settled = Math.min(now + timing.quietMs, dirtySince + timing.maxWaitMs);
    timer = setTimeout(save, Math.max(settled, sentAt + timing.minIntervalMs) - now);
  };
  const onHidden = (): void => {
    if (doc.visibilityState === 'hidden') save();
  };
  const observer = new MutationObserver(changed);
  observer.observe(app, { childList: true, subtree: true, characterData: true });
  app.addEventListener('scroll', changed, { capture: true, passive: true });
  doc.addEventListener('visibilitychange', onHidden);
  doc.defaultView?.addEventListener('pagehide', save);
  return () => {
    observer.disconnect();
    if (timer !== null) clearTimeout(timer);
    app.removeEventListener('scroll', changed, { capture: true });
    doc.removeEventListener('visibilitychange', onHidden);
    doc.defaultView?.removeEventListener('pagehide', save);
  };
}
