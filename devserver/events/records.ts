import type { App } from '../app';

type Event = { type: string; [field: string]: unknown };

/**
 * Fan-out helpers for record events. A record of one user (draft, snippet, navigation view) goes
 * to every queue of that user, the acting client's own included, as on Zulip; an organization
 * record goes to every active account.
 */
export function publishToUser(app: App, userId: number, event: Event): void {
  app.queues.publish([userId], event.type, () => event);
}

export function activeUserIds(app: App): number[] {
  return app.store.users
    .all()
    .filter((user) => user.is_active === 1)
    .map((user) => user.id);
}

export function publishToRealm(app: App, event: Event): void {
  app.queues.publish(activeUserIds(app), event.type, () => event);
}
