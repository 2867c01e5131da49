/** Pixels from the bottom within which the list sticks to the newest message. */
export const STICK = 40;

/** What a scroll event leaves in the scroll container (its own numbers, not virtua's). */
export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function fromBottom(box: ScrollBox): number {
  return box.scrollHeight - box.scrollTop - box.clientHeight;
}

/**
 * Whether the message list follows its end as messages arrive or grow. Plain state (not reactive):
 * scroll events keep it current, many per second, and nothing renders from it.
 *
 * A fresh opening holds its place (its first unread message, or its end) until the reader acts:
 * rows are placed at estimated heights and then measured, so a scroll event may briefly find the
 * end in view, or out of it. An opening at the end that a measuring scroll left short of it stayed
 * there for good on a loaded machine, the newest messages unshown. Afterwards only the reader's own
 * move up stops following: content growing below (a new row, a row measured taller) leaves the end
 * out of view for a moment, and rows measured or trimmed above move it up with the content.
 */
export class FollowEnd {
  /** Whether the reader is at the end, so new messages scroll into view. */
  stick = true;
  /** Set while the list holds the place of a fresh opening. */
  holding = false;
  /** scrollTop at the last scroll event, to tell a jump up from a measurement's small moves. */
  private lastTop = 0;
  /** scrollHeight then: a move up while it changed is the list's own (rows measured, trimmed above). */
  private lastHeight = 0;
  /** The reader touched the list since the last scroll event (wheel, touch, pointer, key). */
  private readerInput = false;

  /** A fresh opening placed at its end (follows it) or at a message above (does not). */
  open(atEnd: boolean): void {
    this.stick = atEnd;
    this.holding = true;
  }

  /** The reader scrolls by hand (wheel, touch, pointer, keys): the list stops holding its place. */
  readerActed(): void {
    this.holding = false;
    this.readerInput = true;
  }

  /** The reader moves through the rows (a row takes focus): scrolls count again. */
  release(): void {
    this.holding = false;
  }

  /** The user sent a message: it shows, wherever the reader was. */
  sent(): void {
    this.stick = true;
    this.holding = false;
  }

  /** PgUp / PgDn by `delta` pixels: scrolling up stops following at once, before any event. */
  onPageScroll(delta: number): void {
    this.holding = false;
    if (delta < 0) this.stick = false;
  }

  /** A scroll event, with the container's numbers after it. */
  onScroll(box: ScrollBox): void {
    // Measuring moves the list by less than a screen; a jump up by more is the reader's (or
    // Home's, or a script's on the reader's behalf), even with no input event on the list.
    if (this.lastTop - box.scrollTop > box.clientHeight) this.holding = false;
    const movedUp = box.scrollTop < this.lastTop && (box.scrollHeight === this.lastHeight || this.readerInput);
    this.lastTop = box.scrollTop;
    this.lastHeight = box.scrollHeight;
    this.readerInput = false;
    if (this.holding) return;
    if (fromBottom(box) < STICK) this.stick = true;
    else if (movedUp) this.stick = false;
  }
}
