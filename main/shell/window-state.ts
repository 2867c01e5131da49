/**
 * The app window's size and place, kept between runs in a small JSON file in the data folder.
 * What comes back from disk is checked: a damaged file or a monitor that is gone yields a window
 * that is fully usable, never one off screen.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as z from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent means "let the window manager place it". */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1200, height: 800, maximized: false };
export const MIN_WINDOW_SIZE = { width: 480, height: 360 } as const;

const storedState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});

/** How much of the window's top edge must sit on a display for the user to grab it. */
const MIN_VISIBLE = 64;

function intersects(a: Rect, b: Rect): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w >= MIN_VISIBLE && h >= Math.min(MIN_VISIBLE, a.height);
}

/**
 * Fits a stored state to the displays present now (their work areas): sizes are clamped, and a
 * position whose title bar would be off every display is dropped.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  const largest = workAreas.reduce<Rect | null>(
    (best, r) => (best === null || r.width * r.height > best.width * best.height ? r : best),
    null,
  );
  const width = Math.max(MIN_WINDOW_SIZE.width, Math.min(state.width, largest?.width ?? state.width));
  const height = Math.max(MIN_WINDOW_SIZE.height, Math.min(state.height, largest?.height ?? state.height));
  const fitted: WindowState = { width, height, maximized: state.maximized };
  if (state.x !== undefined && state.y !== undefined) {
    const titleBar: Rect = { x: state.x, y: state.y, width, height: MIN_VISIBLE };
    if (workAreas.some((area) => intersects(titleBar, area))) {
      fitted.x = state.x;
      fitted.y = state.y;
    }
  }
  return fitted;
}

export type LoadedWindowState = { state: WindowState; problem: string | null };

/** Reads the saved state; a missing file is normal, a damaged one is reported and replaced by defaults. */
export function loadWindowState(file: string, workAreas: readonly Rect[]): LoadedWindowState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      state: fitToDisplays(DEFAULT_WINDOW_STATE, workAreas),
      problem: missing ? null : `Could not read the window state file: ${(error as Error).message}`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const checked = storedState.safeParse(parsed);
  if (!checked.success) {
    return {
      state: fitToDisplays(DEFAULT_WINDOW_STATE, workAreas),
      problem: 'The window state file is damaged; using the default window size.',
    };
  }
  const { x, y, width, height, maximized } = checked.data;
  const state: WindowState = { width, height, maximized };
  if (x !== undefined && y !== undefined) Object.assign(state, { x, y });
  return { state: fitToDisplays(state, workAreas), problem: null };
}

/** Writes the state through a temporary file and a rename, so a crash mid-write leaves the old file. */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}
