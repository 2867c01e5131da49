/**
 * System notifications, as thin as Electron allows. Deciding WHEN to notify (mentions, DMs,
 * muted topics, focus) is a pure policy in main/notifications; this shows what the core emits
 * as notify:show, and a click brings the window forward and opens that conversation there.
 *
 * Electron's Notification class is passed in (main/electron/index.ts gives the real one), so
 * this runs, and is tested, without Electron.
 */
import type { Notification as ElectronNotification } from 'electron';
import type { Events } from '../../common/ipc/contract';
import type { Core } from '../ipc/types';

export interface SystemNotification {
  title: string;
  body: string;
  silent?: boolean;
}

/** What of Electron's Notification class this uses. */
export interface NotificationClass {
  isSupported(): boolean;
  new (options: { title: string; body: string; silent: boolean }): Pick<ElectronNotification, 'on' | 'show'>;
}

/** Shows a notification; returns false when the platform has no notification service. */
export function showSystemNotification(
  Notification: NotificationClass,
  content: SystemNotification,
  onClick?: () => void,
): boolean {
  if (!Notification.isSupported()) return false;
  const notification = new Notification({ title: content.title, body: content.body, silent: content.silent ?? false });
  if (onClick) notification.on('click', onClick);
  notification.show();
  return true;
}

export interface NotificationWiring {
  Notification: NotificationClass;
  /** Restores and focuses the app window, if there is one. */
  focusWindow(): void;
  /** Pushes an event to the window's renderer (as core events travel). */
  sendToWindow<N extends 'view:navigate'>(name: N, payload: Events[N]): void;
}

/**
 * Shows every notify:show of the core; a click focuses the window and tells the renderer to open
 * the message's conversation at that message (view:navigate), switching accounts there if needed. Returns the
 * unsubscribe.
 */
export function showCoreNotifications(core: Pick<Core, 'subscribe'>, wiring: NotificationWiring): () => void {
  return core.subscribe((name, payload) => {
    if (name !== 'notify:show') return;
    const { accountId, title, body, narrow, messageId } = payload as Events['notify:show'];
    showSystemNotification(wiring.Notification, { title, body }, () => {
      wiring.focusWindow();
      wiring.sendToWindow(
        'view:navigate',
        messageId === undefined ? { accountId, narrow } : { accountId, narrow, messageId },
      );
    });
  });
}
