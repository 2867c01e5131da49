import { describe, expect, it } from 'vitest';
import { overlayDot, taskbarOverlay } from '../../main/electron/taskbar-overlay';

const pixel = (image: ReturnType<typeof overlayDot>, x: number, y: number) => {
  const at = (y * image.width + x) * 4;
  return [...image.bitmap.subarray(at, at + 4)];
};

describe('the Windows taskbar overlay', () => {
  it('is a round red dot: opaque in the middle, transparent in the corners', () => {
    const dot = overlayDot();
    expect(dot.bitmap.length).toBe(dot.width * dot.height * 4);
    const [b, g, r, a] = pixel(dot, 8, 8);
    expect(a).toBe(255);
    expect(r).toBeGreaterThan(b! + 100);
    expect(r).toBeGreaterThan(g! + 100);
    for (const [x, y] of [
      [0, 0],
      [15, 0],
      [0, 15],
      [15, 15],
    ]) {
      expect(pixel(dot, x!, y!)[3], `${x},${y}`).toBe(0);
    }
  });

  it('shows while something waits, with the number in words, and goes at zero', () => {
    expect(taskbarOverlay(3)).toMatchObject({ description: '3 unread direct messages or mentions' });
    expect(taskbarOverlay(1).description).toBe('1 unread direct message or mention');
    expect(taskbarOverlay(1).image).not.toBeNull();
    expect(taskbarOverlay(0)).toEqual({ image: null, description: '' });
  });
});
