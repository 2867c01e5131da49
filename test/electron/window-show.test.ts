/** When the window appears and its colour before the first paint, with a stand-in window. */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { showWhenPainted, windowBackground } from '../../main/electron/window-show';
import { PROJECT_ROOT } from '../../scripts/build-main';

function standInWindow() {
  const calls: string[] = [];
  const events = new EventEmitter();
  return {
    calls,
    paint: () => events.emit('ready-to-show'),
    window: {
      once: (event: 'ready-to-show', listener: () => void) => events.once(event, listener),
      maximize: () => void calls.push('maximize'),
      show: () => void calls.push('show'),
    },
  };
}

describe('showing the window', () => {
  it('restores a maximized window only once the page has painted, then shows it', () => {
    const w = standInWindow();
    showWhenPainted(w.window, { maximized: true, hidden: false });
    // Nothing before the first paint: maximize() would show a blank window on Windows and Linux.
    expect(w.calls).toEqual([]);
    w.paint();
    expect(w.calls).toEqual(['maximize', 'show']);
  });

  it('shows a normal window on its first paint, and never a hidden one (self-test)', () => {
    const normal = standInWindow();
    showWhenPainted(normal.window, { maximized: false, hidden: false });
    normal.paint();
    expect(normal.calls).toEqual(['show']);
    const hidden = standInWindow();
    showWhenPainted(hidden.window, { maximized: true, hidden: true });
    hidden.paint();
    expect(hidden.calls).toEqual([]);
  });

  it("paints the frame before the page in the page's own background, light or dark", () => {
    const css = readFileSync(join(PROJECT_ROOT, 'renderer/styles.css'), 'utf8');
    const [, light, dark] = /--bg:\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/i.exec(css) ?? [];
    expect(windowBackground(false)).toBe(light);
    expect(windowBackground(true)).toBe(dark);
  });
});
