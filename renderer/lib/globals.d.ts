import type { Bridge } from '../../common/ipc/contract';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent when the page is served by the bridge host. */
    parley?: Bridge;
  }
}

export {};
