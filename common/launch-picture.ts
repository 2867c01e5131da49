/**
 * What main (main/launch-picture) and the renderer (renderer/lib/launchPicture.ts) must agree on
 * about the launch picture: the id of the layer main puts it in, and how a renderer build is named.
 */

/** The id of the layer before #app that holds the picture in a warm start's entry page. */
export const LAUNCH_PICTURE_LAYER_ID = 'launch-picture';

/** The renderer's entry module as its page names it (vite's content-hashed bundle): the build. */
export const RENDERER_BUILD_PATH = /^\/assets\/[\w.-]+\.js$/;
