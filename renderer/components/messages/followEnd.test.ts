import { describe, expect, it } from 'vitest';
import { FollowEnd, STICK } from './followEnd';

/** A 500 px viewport over `height` px of content, scrolled `fromEnd` px short of its end. */
const box = (height: number, fromEnd = 0) => ({
  scrollTop: height - 500 - fromEnd,
  scrollHeight: height,
  clientHeight: 500,
});

/** A list opened at its end and released by the reader, scrolled to the end of 2000 px. */
function followingAtEnd(): FollowEnd {
  const follow = new FollowEnd();
  follow.open(true);
  follow.onScroll(box(2000));
  follow.readerActed();
  follow.onScroll(box(2000));
  return follow;
}

describe('FollowEnd', () => {
  it('holds a fresh opening at its end while measuring scrolls leave the end out of view', () => {
    const follow = new FollowEnd();
    follow.open(true);
    follow.onScroll(box(2000));
    // Rows measured taller below; then the same height with the list moved up by a measurement.
    follow.onScroll(box(2400, 400));
    follow.onScroll(box(2400, 600));
    expect(follow.stick).toBe(true);
  });

  it('holds a fresh opening at a message above the end even when a measurement brings the end into view', () => {
    const follow = new FollowEnd();
    follow.open(false);
    follow.onScroll(box(2000, 800));
    follow.onScroll(box(1300));
    expect(follow.stick).toBe(false);
  });

  it('after the reader acts, a move up while the content grew below keeps following (a new row arrived)', () => {
    const follow = followingAtEnd();
    follow.onScroll(box(2100, 100));
    expect(follow.stick).toBe(true);
  });

  it("a move up with the content unchanged is the reader's own: following stops", () => {
    const follow = followingAtEnd();
    follow.onScroll(box(2000, 200));
    expect(follow.stick).toBe(false);
  });

  it('a move up the reader made by hand stops following even while the content height changed', () => {
    const follow = followingAtEnd();
    follow.readerActed();
    follow.onScroll(box(2100, 300));
    expect(follow.stick).toBe(false);
  });

  it('reaching the end again (within STICK px) follows it again', () => {
    const follow = followingAtEnd();
    follow.onScroll(box(2000, 200));
    follow.onScroll(box(2000, STICK - 1));
    expect(follow.stick).toBe(true);
  });

  it('a jump up by more than a screen ends the hold, with no input event', () => {
    const follow = new FollowEnd();
    follow.open(true);
    follow.onScroll(box(3000));
    follow.onScroll(box(3000, 1200));
    expect(follow.holding).toBe(false);
    expect(follow.stick).toBe(false);
  });

  it('PgUp stops following at once; PgDn releases the hold but keeps following', () => {
    const down = new FollowEnd();
    down.open(true);
    down.onPageScroll(400);
    expect([down.holding, down.stick]).toEqual([false, true]);
    const up = new FollowEnd();
    up.open(true);
    up.onPageScroll(-400);
    expect([up.holding, up.stick]).toEqual([false, false]);
  });

  it('sending follows the end again, wherever the reader was', () => {
    const follow = followingAtEnd();
    follow.onScroll(box(2000, 800));
    follow.sent();
    expect([follow.holding, follow.stick]).toEqual([false, true]);
  });

  it("a row taking focus releases the hold, so the reader's later move up counts", () => {
    const follow = new FollowEnd();
    follow.open(true);
    follow.onScroll(box(2000));
    follow.release();
    follow.onScroll(box(2000, 200));
    expect(follow.stick).toBe(false);
  });
});
