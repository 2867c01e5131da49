/**
 * The mean height of the message rows each narrow last showed, handed to a new list's virtua as
 * the size of rows it has not measured yet. With virtua's own 40 px guess a list built two to three
 * times the rows that fit (most of a channel switch's time, issue 28 item 4); with the last list's
 * mean, a channel whose rows differ from the last one's (code blocks, images, one-line chatter)
 * still over- or under-built. Kept per narrow, with the last measured mean for a narrow not seen
 * yet, and in local storage so the first list after a launch is not built at 40 px either; a page
 * without storage (or a full or refusing one) only loses the launch part. The mean moves by a pixel
 * with nearly every incoming message (the rows in view change), and a write to local storage is a
 * synchronous serialize-and-store in the page: the hints are written a while after the last change,
 * and when the page goes away, not per measurement.
 */
const STORAGE_KEY = 'parley.messageList.rowSizes';
/** Narrows remembered; the least recently measured go first. */
const MAX_NARROWS = 200;
/** Means outside this range are not rows of a message list (a list measured while hidden, say). */
const MIN_SIZE = 16;
const MAX_SIZE = 2000;
/** How long after the last change the hints are written. */
export const SAVE_DELAY_MS = 5000;

interface Saved {
  last: number | null;
  byNarrow: [string, number][];
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A sandboxed page may refuse to hand out storage at all.
    return null;
  }
}

const plausible = (size: unknown): size is number =>
  typeof size === 'number' && Number.isFinite(size) && size >= MIN_SIZE && size <= MAX_SIZE;

function load(): { last: number | null; byNarrow: Map<string, number> } {
  try {
    const saved = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as Partial<Saved> | null;
    const pairs = Array.isArray(saved?.byNarrow) ? saved.byNarrow : [];
    const byNarrow = new Map(
      pairs.filter((p): p is [string, number] => Array.isArray(p) && typeof p[0] === 'string' && plausible(p[1])),
    );
    return { last: plausible(saved?.last) ? saved.last : null, byNarrow };
  } catch {
    return { last: null, byNarrow: new Map() };
  }
}

const hints = load();

/** The size to start a list of `narrowKey` with: its own last mean, else the last list's; none before any. */
export function rowSizeHint(narrowKey: string | null): number | undefined {
  return (narrowKey === null ? undefined : hints.byNarrow.get(narrowKey)) ?? hints.last ?? undefined;
}

/** Notes the mean row height a list of `narrowKey` measured (whole pixels; stored when it changed). */
export function noteRowSizeHint(narrowKey: string | null, mean: number): void {
  if (!plausible(mean)) return;
  const size = Math.round(mean);
  const unchanged = hints.last === size && (narrowKey === null || hints.byNarrow.get(narrowKey) === size);
  hints.last = size;
  if (unchanged) return;
  if (narrowKey !== null) {
    // Re-inserted, so the map's order runs from least to most recently measured.
    hints.byNarrow.delete(narrowKey);
    hints.byNarrow.set(narrowKey, size);
    while (hints.byNarrow.size > MAX_NARROWS) hints.byNarrow.delete(hints.byNarrow.keys().next().value as string);
  }
  saveSoon();
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;

function saveSoon(): void {
  if (saveTimer !== null) return;
  saveTimer = setTimeout(saveRowSizeHints, SAVE_DELAY_MS);
}

/** Writes the hints now if any changed since the last write (on a timer, and as the page goes away). */
export function saveRowSizeHints(): void {
  if (saveTimer === null) return;
  clearTimeout(saveTimer);
  saveTimer = null;
  try {
    const saved: Saved = { last: hints.last, byNarrow: [...hints.byNarrow] };
    storage()?.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Full or refusing storage: the hints still hold while the app runs.
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', saveRowSizeHints);
