import { describe, expect, it } from 'vitest';
import { guardFollow } from './followGuard';

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
