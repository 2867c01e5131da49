import { describe, expect, it } from 'vitest';
import { INPUT_COUNTS_MS, guardFollow } from './followGuard';

/** A scroll container at `top` whose writes are recorded (jsdom keeps scrollTop as set). */
function container(top: number) {
  const el = document.createElement('div');
  el.scrollTop = top;
  return el;
}

describe('guardFollow', () => {
  it('drops a repeat of the follow that moves the list down once the reader has left the end', () => {
    const el = container(500);
    let left = false;
    const guard = guardFollow(el, () => left);
    guard.followAsked();
    el.scrollTo({ top: 900, behavior: 'instant' });
    expect(el.scrollTop).toBe(900);
    el.scrollTop = 400;
    left = true;
    el.scrollTo({ top: 900, behavior: 'instant' });
    expect(el.scrollTop).toBe(400);
    // Up is never the follow's: a shift of the rows above passes.
    el.scrollTo({ top: 350, behavior: 'instant' });
    expect(el.scrollTop).toBe(350);
  });

  it("drops it from the reader's wheel up on, before its scroll event, until that event", () => {
    const el = container(900);
    const guard = guardFollow(el, () => false);
    guard.followAsked();
    guard.readerInput(new WheelEvent('wheel', { deltaY: -120 }));
    el.scrollTop = 780;
    guard.followAsked();
    el.scrollTo(0, 900);
    expect(el.scrollTop).toBe(780);
    // The scroll event came and the reader is still at the end (FollowEnd says so): follows again.
    guard.scrolled();
    el.scrollTo({ top: 900 });
    expect(el.scrollTop).toBe(900);
  });

  it('leaves alone input that does not move the list up, and scrolls asked for anything else', () => {
    const el = container(100);
    let left = false;
    const guard = guardFollow(el, () => left);
    guard.followAsked();
    guard.readerInput(new WheelEvent('wheel', { deltaY: 120 }));
    guard.readerInput(new KeyboardEvent('keydown', { key: 'j' }));
    el.scrollTo({ top: 300 });
    expect(el.scrollTop).toBe(300);
    guard.readerInput(new KeyboardEvent('keydown', { key: 'PageUp' }));
    el.scrollTo({ top: 400 });
    expect(el.scrollTop).toBe(300);
    // A page scroll or an opening replaces the follow in virtua: its writes pass.
    left = true;
    guard.otherAsked();
    el.scrollTo({ top: 800 });
    expect(el.scrollTop).toBe(800);
  });

  it('lets input that scrolled nothing (a tap, a wheel on a short list) count only a moment', () => {
    const el = container(200);
    let clock = 1000;
    const guard = guardFollow(
      el,
      () => false,
      () => clock,
    );
    guard.followAsked();
    guard.readerInput(new Event('touchstart'));
    el.scrollTo({ top: 260 });
    expect(el.scrollTop).toBe(200);
    // No scroll event ever came: the list follows its end again.
    clock += INPUT_COUNTS_MS;
    el.scrollTo({ top: 260 });
    expect(el.scrollTop).toBe(260);
  });

  it('ignores keys typed in a field inside the list (an edited message)', () => {
    const el = container(200);
    const field = document.createElement('textarea');
    el.append(field);
    const guard = guardFollow(el, () => false);
    guard.followAsked();
    const key = new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true });
    field.dispatchEvent(key);
    guard.readerInput(key);
    el.scrollTo({ top: 300 });
    expect(el.scrollTop).toBe(300);
  });

  it('gives the element its own scrollTo back when disposed', () => {
    const el = container(0);
    const guard = guardFollow(el, () => true);
    expect(Object.hasOwn(el, 'scrollTo')).toBe(true);
    guard.dispose();
    expect(Object.hasOwn(el, 'scrollTo')).toBe(false);
    el.scrollTo({ top: 50 });
    expect(el.scrollTop).toBe(50);
  });
});
