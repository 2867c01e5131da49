/**
 * `--demo-activity` (what `npm run demo` starts): the people the demo seed shows online keep
 * reporting presence as their clients would, every ping interval, so a demo left open still shows
 * green dots after the offline threshold instead of everyone fading to offline two minutes in.
 */
import type { App } from '../app';
import { updatePresence } from '../presence/update';
import { P } from './demo_org';

/** Active at the keyboard, or connected but idle, for as long as the server runs. */
const ONLINE: ReadonlyArray<readonly [string, 'active' | 'idle']> = [
  [P.amir, 'active'],
  [P.zanele, 'active'],
  [P.tomas, 'idle'],
  [P.priya, 'idle'],
];

/** Starts the reports (one at once, then every ping interval); returns how to stop them. */
export function keepDemoPeopleOnline(app: App): () => void {
  const report = () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [email, status] of ONLINE) {
      const user = app.store.users.byDeliveryEmail(email);
      if (user?.is_active) updatePresence(app, user, status, now);
    }
  };
  report();
  const timer = setInterval(report, app.options.presencePingIntervalSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
