/**
 * While the window is hidden (minimized, in the tray, another tab), the events that only redraw
 * the message list and the sidebar are held in order instead of applied, and applied together
 * when it shows again: a chat left running for days would otherwise update (and lay out) a page
 * nobody sees for every message (issue 28 item 5). Everything else (notifications, status,
 * navigation, sign-in results, records) passes at once. The cache in main stays current either
 * way; only the page's work waits.
 */
import type { EventName } from '../../common/ipc/contract';

/** The events held while hidden: the per-message redraws. */
export const HELD_WHILE_HIDDEN: ReadonlySet<EventName> = new Set<EventName>([
  'messages:added',
  'messages:updated',
  'messages:flags',
  'messages:removed',
  'sidebar:changed',
  'sidebar:delta',
]);

/** Held events beyond which they are applied anyway, so a window hidden for days holds bounded memory. */
export const HOLD_LIMIT = 1000;

/** What the gate needs of the page: whether it is hidden, and a way to hear when that changes. */
export interface Visibility {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
}

export class HiddenGate {
  #held: (() => void)[] = [];

  constructor(private readonly page: Visibility) {
    page.addEventListener('visibilitychange', () => {
      if (page.visibilityState !== 'hidden') this.release();
    });
  }

  /** Runs `deliver` now, or later in order with the other held events when the page is hidden. */
  pass(name: EventName, deliver: () => void): void {
    if (!HELD_WHILE_HIDDEN.has(name) || this.page.visibilityState !== 'hidden') {
      deliver();
      return;
    }
    this.#held.push(deliver);
    if (this.#held.length >= HOLD_LIMIT) this.release();
  }

  /** How many events wait for the page to show. */
  get heldCount(): number {
    return this.#held.length;
  }

  /** Applies what was held, oldest first; one listener's failure does not stop the rest. */
  release(): void {
    const held = this.#held;
    this.#held = [];
    for (const deliver of held) {
      try {
        deliver();
      } catch (error) {
        console.error('an event held while hidden failed', error);
      }
    }
  }
}
