/**
 * Keeps virtua from pulling a reader back to the end they just scrolled away from.
 *
 * The list follows its end by asking virtua to scroll to its last row. virtua then repeats that
 * scroll each time a row is measured, until 150 ms pass with none (its driver's `_scroll`), and only
 * a later scroll asked of it cancels the repeats: the reader's own wheel does not. A reader who
 * wheeled up while a row was still being measured (the new row, its read state, an image) was put
 * back at the end. Asking virtua for a scroll to where the reader is would cancel the repeats but
 * pin that offset for as long, against virtua's own shift of the rows measured above it.
 *
 * So the scroll container's `scrollTo` (what virtua writes through) drops a write that moves the
 * list down while the scroll last asked of virtua was a follow of the end and the reader has
 * moved up, or is about to (a wheel up, a touch, an arrow key whose scroll event has not come
 * yet). Every other write passes: virtua's scrolls asked for anything else, its shifts, and any
 * write once the reader is back at the end.
 */
export interface FollowGuard {
  /** The list asked virtua to follow its end: repeats of it are watched from now on. */
  followAsked(): void;
  /** The list asked virtua for another scroll (an opening, a page), which replaces any follow. */
  otherAsked(): void;
  /** The reader's input on the list, which comes before the scroll it makes. */
  readerInput(event: Event): void;
  /** A scroll event: the reader's input, if any, has moved the list (FollowEnd has seen it). */
  scrolled(): void;
  dispose(): void;
}

/**
 * How long input that may move the list up counts before its scroll event: a scroll comes within
 * a frame or two, and input that scrolled nothing (a tap, a wheel on a list too short to move)
 * must not keep the list from following its end for good.
 */
export const INPUT_COUNTS_MS = 150;

/** Where keys edit text rather than scroll (a message being edited in its row). */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/** Input that scrolls the list up, or may (a touch can drag either way). */
function movesUp(event: Event): boolean {
  if (event.type === 'wheel') return (event as WheelEvent).deltaY < 0;
  if (event.type === 'touchstart') return true;
  if (event.type !== 'keydown') return false;
  const inField = event.target instanceof Element && event.target.closest(EDITABLE) !== null;
  return !inField && ['ArrowUp', 'PageUp', 'Home'].includes((event as KeyboardEvent).key);
}

/** The top a `scrollTo` call asks for, or null when it names none. */
function topOf(args: unknown[]): number | null {
  const [first, second] = args;
  if (typeof first === 'number') return typeof second === 'number' ? second : null;
  if (first !== null && typeof first === 'object') {
    const top = (first as ScrollToOptions).top;
    return typeof top === 'number' ? top : null;
  }
  return null;
}

/**
 * Guards `scroller`'s scrollTo. `readerLeftEnd` says whether the reader's own scroll has taken the
 * list off its end since (FollowEnd's `stick` turned false).
 */
export function guardFollow(
  scroller: HTMLElement,
  readerLeftEnd: () => boolean,
  now: () => number = () => performance.now(),
): FollowGuard {
  let following = false;
  /** Until when the reader's last input that may move the list up counts (see INPUT_COUNTS_MS). */
  let movingUpUntil = -Infinity;
  const guarded = function (this: HTMLElement, ...args: unknown[]): void {
    const top = topOf(args);
    const down = top !== null && top > this.scrollTop;
    if (following && down && (now() < movingUpUntil || readerLeftEnd())) return;
    // Looked up per call, not kept: whatever the element's class does now is what runs.
    (Element.prototype.scrollTo as (...a: unknown[]) => void).apply(this, args);
  };
  scroller.scrollTo = guarded as Element['scrollTo'];
  return {
    followAsked() {
      following = true;
    },
    otherAsked() {
      following = false;
      movingUpUntil = -Infinity;
    },
    readerInput(event) {
      if (movesUp(event)) movingUpUntil = now() + INPUT_COUNTS_MS;
    },
    scrolled() {
      movingUpUntil = -Infinity;
    },
    dispose() {
      if (scroller.scrollTo === (guarded as Element['scrollTo'])) delete (scroller as { scrollTo?: unknown }).scrollTo;
    },
  };
}
