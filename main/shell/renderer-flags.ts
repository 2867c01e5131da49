/**
 * V8 flags for the app's renderer (the page), applied by main/electron through Chromium's
 * `js-flags` switch (which Electron hands to renderer processes only; the main process's V8 has
 * started by then) and by the bench and end-to-end Chromium, so what they measure is the app.
 *
 * `--optimize-for-size`: V8 grows its heap less eagerly and collects sooner. Without it, a page
 * that scrolled through 5,000 messages and took 300 incoming ones held 324-369 MiB (renderer RSS),
 * most of it garbage not yet collected (73-98 MiB of JS heap allocated for 8-33 MiB used, and
 * 22k DOM nodes for 4k live); with it, 205-211 MiB (bench/suites/page-memory.ts, issue 28's goal
 * < 250 MiB without forcing a collection).
 */
export const RENDERER_JS_FLAGS = '--optimize-for-size';

/** The same as a Chromium command-line argument. */
export const RENDERER_JS_FLAGS_ARG = `--js-flags=${RENDERER_JS_FLAGS}`;
