/**
 * Frames that arrive together, an answer among them: the code awaiting the answer runs before the
 * frames after it, whatever the depth of its await chain, and order is kept across arrivals.
 */
import { describe, expect, it } from 'vitest';
import { answerFirst } from '../../common/ipc/answer-first';

type Frame = { t: 'result'; resolve: () => void } | { t: 'event'; name: string };

function harness() {
  const seen: string[] = [];
  const deliver = answerFirst<Frame>({
    handle: (f) => (f.t === 'result' ? f.resolve() : seen.push(f.name)),
    isAnswer: (f) => f.t === 'result',
    later: (fn) => setTimeout(fn, 0),
  });
  return { seen, deliver };
}

/** A caller three awaits deep, as a state's load() behind a typed bridge wrapper is. */
function deepCaller(seen: string[]): { frame: Frame; done: Promise<void> } {
  let resolve!: () => void;
  const answer = new Promise<void>((r) => (resolve = r));
  const wrapper = async () => {
    await answer;
  };
  const outer = async () => {
    await wrapper();
  };
  const done = (async () => {
    await outer();
    seen.push('answer stored');
  })();
  return { frame: { t: 'result', resolve }, done };
}

describe('answerFirst', () => {
  it('lets the awaiting code store the answer before the event that followed it is handled', async () => {
    const { seen, deliver } = harness();
    const caller = deepCaller(seen);
    deliver([{ t: 'event', name: 'before' }, caller.frame, { t: 'event', name: 'after' }]);
    expect(seen).toEqual(['before']);
    await caller.done;
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(['before', 'answer stored', 'after']);
  });

  it('keeps frames that arrive while it waits behind the ones already queued', async () => {
    const { seen, deliver } = harness();
    const caller = deepCaller(seen);
    deliver([caller.frame, { t: 'event', name: 'second' }]);
    deliver([{ t: 'event', name: 'third' }]);
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(['answer stored', 'second', 'third']);
  });

  it('hands a batch without an answer over at once, in one go', () => {
    const { seen, deliver } = harness();
    deliver([{ t: 'event', name: 'a' }, { t: 'event', name: 'b' }]);
    expect(seen).toEqual(['a', 'b']);
  });
});
