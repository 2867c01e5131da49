/**
 * System notifications, as thin as Electron allows. Deciding WHEN to notify (mentions, DMs,
 * muted topics, focus) is a pure policy that lives elsewhere; this only shows one.
 */
import { Notification } from 'electron';

export interface SystemNotification {
  title: string;
  body: string;
  silent?: boolean;
}

/** Shows a notification; returns false when the platform has no notification service. */
export function showSystemNotification(content: SystemNotification, onClick?: () => void): boolean {
  if (!Notification.isSupported()) return false;
  const notification = new Notification({ title: content.title, body: content.body, silent: content.silent ?? false });
  if (onClick) notification.on('click', onClick);
  notification.show();
  return true;
}
