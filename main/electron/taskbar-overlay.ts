/**
 * The Windows taskbar's badge. Electron's app.setBadgeCount does nothing on Windows; the taskbar
 * shows an overlay icon on the app's button instead (BrowserWindow.setOverlayIcon), so Parley
 * draws a red dot there while something waits, and says how many in the overlay's description
 * (what screen readers announce). The dot is drawn here as raw pixels: no image file to ship,
 * and nothing of Electron's needed to test it.
 */

/** An overlay image as nativeImage.createFromBitmap takes it (BGRA, 4 bytes a pixel), or null for none. */
export interface OverlayBitmap {
  bitmap: Buffer;
  width: number;
  height: number;
}

const SIZE = 16;
/** Windows' notification red (BGRA order). */
const RED = [0x2b, 0x1c, 0xd1];

export function overlayDot(size = SIZE): OverlayBitmap {
  const bitmap = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      // One pixel of soft edge, so the dot is round at 16 px.
      const coverage = Math.max(0, Math.min(1, radius - distance));
      const at = (y * size + x) * 4;
      bitmap[at] = RED[0]!;
      bitmap[at + 1] = RED[1]!;
      bitmap[at + 2] = RED[2]!;
      bitmap[at + 3] = Math.round(coverage * 255);
    }
  }
  return { bitmap, width: size, height: size };
}

export function overlayDescription(count: number): string {
  return count === 1 ? '1 unread direct message or mention' : `${count} unread direct messages or mentions`;
}

/** What to hand setOverlayIcon for a count: a dot and its description, or nothing at zero. */
export function taskbarOverlay(count: number): { image: OverlayBitmap | null; description: string } {
  return count > 0 ? { image: overlayDot(), description: overlayDescription(count) } : { image: null, description: '' };
}
