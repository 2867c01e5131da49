/**
 * Connects the core to Electron's IPC: renderer calls and sends arrive on ipcMain, core events
 * leave through webContents.send. Only the app's own page may talk to the core; a message from
 * any other frame (an injected iframe, a page we navigated away from) is refused.
 *
 * The Electron objects are passed in, so this runs (and is tested) without Electron.
 */
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  IPC_CALL_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_SEND_CHANNEL,
  SEND_NAMES,
  type IpcResult,
  type SendName,
  type Sends,
} from '../../common/ipc/contract';
import type { Core } from '../ipc/types';

export type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>;
export type EventTarget = Pick<WebContents, 'send' | 'isDestroyed'>;
type SenderEvent = Pick<IpcMainEvent | IpcMainInvokeEvent, 'senderFrame'>;

export interface IpcWiringOptions {
  core: Core;
  ipcMain: IpcMainLike;
  /** Is this the URL of the app's own page? (main/shell/navigation.ts isAppUrl). */
  isAppUrl: (url: string) => boolean;
  onRefused?: (channel: string, url: string | null) => void;
}

const REFUSED: IpcResult<never> = {
  ok: false,
  error: { code: 'FORBIDDEN', message: 'This page may not talk to Parley.' },
};

function isSendName(name: unknown): name is SendName {
  return typeof name === 'string' && (SEND_NAMES as readonly string[]).includes(name);
}

/** Registers the call and send channels; returns a function that removes them again. */
export function wireCoreToIpc({ core, ipcMain, isAppUrl, onRefused }: IpcWiringOptions): () => void {
  const trusted = (channel: string, event: SenderEvent): boolean => {
    const url = event.senderFrame?.url ?? null;
    if (url !== null && isAppUrl(url)) return true;
    onRefused?.(channel, url);
    return false;
  };

  ipcMain.handle(IPC_CALL_CHANNEL, async (event, name: unknown, args: unknown): Promise<IpcResult<unknown>> => {
    if (!trusted(IPC_CALL_CHANNEL, event)) return REFUSED;
    if (typeof name !== 'string') {
      return { ok: false, error: { code: 'UNKNOWN_CALL', message: 'A call needs a name.' } };
    }
    return core.dispatch(name, args);
  });

  const onSend = (event: IpcMainEvent, name: unknown, payload: unknown): void => {
    if (!trusted(IPC_SEND_CHANNEL, event) || !isSendName(name)) return;
    core.receive(name, payload as Sends[typeof name]);
  };
  ipcMain.on(IPC_SEND_CHANNEL, onSend);

  return () => {
    ipcMain.removeHandler(IPC_CALL_CHANNEL);
    ipcMain.removeListener(IPC_SEND_CHANNEL, onSend);
  };
}

/** Pushes every core event to the window that is open now (if any); returns the unsubscribe. */
export function forwardCoreEvents(core: Core, currentTarget: () => EventTarget | null): () => void {
  return core.subscribe((name, payload) => {
    const target = currentTarget();
    if (target && !target.isDestroyed()) target.send(IPC_EVENT_CHANNEL, name, payload);
  });
}
