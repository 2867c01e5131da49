/**
 * A stand-in for Electron's IPC pair (ipcMain + ipcRenderer + webContents.send), the one boundary
 * these tests cannot run for real. Like Electron it structured-clones every payload, so anything
 * that would not survive the real IPC (functions, class instances) fails here too.
 */
import type { IpcMainEvent, IpcMainInvokeEvent, IpcRendererEvent } from 'electron';
import type { EventTarget, IpcMainLike } from '../../main/electron/ipc-wiring';
import type { IpcRendererLike } from '../../preload/bridge';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;
type MainListener = (event: IpcMainEvent, ...args: unknown[]) => void;
type RendererListener = (event: IpcRendererEvent, ...args: unknown[]) => void;

export class FakeElectronIpc {
  /** The URL of the frame the renderer side sends from (what event.senderFrame.url says). */
  senderUrl: string;
  destroyed = false;
  private readonly handlers = new Map<string, Handler>();
  private readonly mainListeners = new Map<string, Set<MainListener>>();
  private readonly rendererListeners = new Map<string, Set<RendererListener>>();

  constructor(senderUrl: string) {
    this.senderUrl = senderUrl;
  }

  private senderEvent<T>(): T {
    return { senderFrame: { url: this.senderUrl } } as T;
  }

  readonly ipcMain: IpcMainLike = {
    handle: (channel, handler) => {
      if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      this.handlers.set(channel, handler as Handler);
    },
    removeHandler: (channel) => void this.handlers.delete(channel),
    on: (channel, listener) => {
      const set = this.mainListeners.get(channel) ?? new Set();
      set.add(listener as MainListener);
      this.mainListeners.set(channel, set);
      return this.ipcMain as never;
    },
    removeListener: (channel, listener) => {
      this.mainListeners.get(channel)?.delete(listener as MainListener);
      return this.ipcMain as never;
    },
  };

  readonly ipcRenderer: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      const handler = this.handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await handler(this.senderEvent(), ...structuredClone(args)));
    },
    send: (channel, ...args) => {
      for (const listener of this.mainListeners.get(channel) ?? [])
        listener(this.senderEvent(), ...structuredClone(args));
    },
    on: (channel, listener) => {
      const set = this.rendererListeners.get(channel) ?? new Set();
      set.add(listener);
      this.rendererListeners.set(channel, set);
      return this.ipcRenderer as never;
    },
    removeListener: (channel, listener) => {
      this.rendererListeners.get(channel)?.delete(listener);
      return this.ipcRenderer as never;
    },
  };

  readonly webContents: EventTarget = {
    isDestroyed: () => this.destroyed,
    send: (channel, ...args) => {
      for (const listener of this.rendererListeners.get(channel) ?? [])
        listener({} as IpcRendererEvent, ...structuredClone(args));
    },
  };

  rendererListenerCount(channel: string): number {
    return this.rendererListeners.get(channel)?.size ?? 0;
  }

  mainListenerCount(channel: string): number {
    return (this.mainListeners.get(channel)?.size ?? 0) + (this.handlers.has(channel) ? 1 : 0);
  }
}
