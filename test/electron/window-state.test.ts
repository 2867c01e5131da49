import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  loadWindowState,
  MIN_WINDOW_SIZE,
  saveWindowState,
  type Rect,
} from '../../main/shell/window-state';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1050 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parley-window-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('window state on disk', () => {
  it('comes back as it was saved', () => {
    const file = join(dir, 'nested', 'window-state.json');
    saveWindowState(file, { x: 2000, y: 40, width: 1300, height: 900, maximized: true });
    expect(loadWindowState(file, [laptop, rightMonitor])).toEqual({
      state: { x: 2000, y: 40, width: 1300, height: 900, maximized: true },
      problem: null,
    });
  });

  it('gives the defaults without complaint when nothing was saved yet', () => {
    expect(loadWindowState(join(dir, 'none.json'), [laptop])).toEqual({ state: DEFAULT_WINDOW_STATE, problem: null });
  });

  it('reports a damaged file, uses the defaults and leaves the file for inspection', () => {
    const file = join(dir, 'window-state.json');
    for (const text of ['{not json', '{"width":"wide","height":10,"maximized":false}', 'null', '[]']) {
      writeFileSync(file, text);
      const loaded = loadWindowState(file, [laptop]);
      expect(loaded.state).toEqual(DEFAULT_WINDOW_STATE);
      expect(loaded.problem).toMatch(/damaged/);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });
});

describe('fitToDisplays', () => {
  it('drops a position left on a monitor that is now gone', () => {
    const fitted = fitToDisplays({ x: 2500, y: 100, width: 1300, height: 900, maximized: false }, [laptop]);
    expect(fitted).toEqual({ width: 1300, height: 900, maximized: false });
  });

  it('keeps a position whose title bar is still on a display', () => {
    const fitted = fitToDisplays({ x: 1800, y: 10, width: 1000, height: 700, maximized: false }, [laptop]);
    expect(fitted).toMatchObject({ x: 1800, y: 10 });
  });

  it('shrinks a window larger than any display and never below the minimum', () => {
    expect(fitToDisplays({ width: 9000, height: 9000, maximized: false }, [laptop])).toMatchObject({
      width: 1920,
      height: 1050,
    });
    expect(fitToDisplays({ width: 10, height: 10, maximized: false }, [laptop])).toMatchObject(MIN_WINDOW_SIZE);
  });
});
