/**
 * The preload script of the app window (bundled to out/preload/index.cjs: a sandboxed preload
 * must be a single CommonJS file). It gives the page `window.parley` and nothing more.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './bridge';

contextBridge.exposeInMainWorld('parley', createPreloadBridge(ipcRenderer));
