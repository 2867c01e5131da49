import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RowSizeHints from './rowSizeHints';

const KEY = 'parley.messageList.rowSizes';

/** The module as a fresh page load finds it: its hints come from local storage only. */
async function freshHints(): Promise<typeof RowSizeHints> {
  vi.resetModules();
  return import('./rowSizeHints');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('row size hints', () => {
  it('has none before any list was measured, so virtua keeps its own estimate', async () => {
    const { rowSizeHint } = await freshHints();
    expect(rowSizeHint('channel:1')).toBeUndefined();
  });

  it("starts a narrow at its own last mean, and one not seen yet at the last list's", async () => {
    const { noteRowSizeHint, rowSizeHint } = await freshHints();
    noteRowSizeHint('channel:1', 120.4);
    noteRowSizeHint('channel:2', 44.6);
    expect(rowSizeHint('channel:1')).toBe(120);
    expect(rowSizeHint('channel:2')).toBe(45);
    expect(rowSizeHint('channel:3')).toBe(45);
  });

  it('keeps the hints across a launch, so the first list is not built at a guess', async () => {
    (await freshHints()).noteRowSizeHint('channel:1', 90);
    // The page going away writes what waits.
    window.dispatchEvent(new Event('pagehide'));
    const { rowSizeHint } = await freshHints();
    expect(rowSizeHint('channel:1')).toBe(90);
    expect(rowSizeHint('channel:9')).toBe(90);
  });

  it('ignores sizes no row has (a list measured while hidden) and storage it cannot read', async () => {
    const { noteRowSizeHint, rowSizeHint } = await freshHints();
    noteRowSizeHint('channel:1', 0);
    noteRowSizeHint('channel:1', Number.NaN);
    expect(rowSizeHint('channel:1')).toBeUndefined();
    localStorage.setItem(KEY, '{"last": "tall", "byNarrow": [["channel:1", -5], 7]}');
    expect((await freshHints()).rowSizeHint('channel:1')).toBeUndefined();
    localStorage.setItem(KEY, 'not json');
    expect((await freshHints()).rowSizeHint('channel:1')).toBeUndefined();
  });

  it('writes the hints once a while after the last change, not per measurement (the mean moves with each message)', async () => {
    vi.useFakeTimers();
    const { noteRowSizeHint, rowSizeHint, SAVE_DELAY_MS } = await freshHints();
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    for (let i = 0; i < 50; i++) noteRowSizeHint('channel:1', 60 + (i % 7));
    expect(rowSizeHint('channel:1')).toBe(60 + (49 % 7));
    expect(writes).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(writes).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SAVE_DELAY_MS * 3);
    expect(writes).toHaveBeenCalledTimes(1);
    writes.mockRestore();
    expect((await freshHints()).rowSizeHint('channel:1')).toBe(60 + (49 % 7));
  });
});
