/**
 * Hands over frames that arrived together (one batch from the core thread or the host) in order,
 * but lets the code awaiting an answer run before the frames after that answer.
 *
 * Why: settling a call only queues its awaiting code as a microtask, while the frames after it in
 * the same batch would be handled at once, in the same task. A state that loads with a call and
 * then merges pushed changes (the sidebar: sidebar:get, then sidebar:delta) saw the change first,
 * had nothing to merge it into and dropped it, and then stored the answer, built before the
 * change: the change was lost for good (a sidebar without the user's own row, so no
 * Organization settings link). After an answer, the rest waits for a later task, and frames that
 * arrive meanwhile queue behind it, so order is kept.
 */
export interface AnswerFirstOptions<F> {
  handle: (frame: F) => void;
  isAnswer: (frame: F) => boolean;
  /** Runs `fn` in a later task, once the microtasks queued now have run (setTimeout, setImmediate). */
  later: (fn: () => void) => void;
}

/** Returns the function to call with each arrival's frames. */
export function answerFirst<F>(o: AnswerFirstOptions<F>): (frames: readonly F[]) => void {
  const queue: F[] = [];
  let waiting = false;

  function drain(): void {
    waiting = false;
    while (queue.length > 0) {
      const frame = queue.shift()!;
      o.handle(frame);
      if (o.isAnswer(frame) && queue.length > 0) {
        waiting = true;
        o.later(drain);
        return;
      }
    }
  }

  return (frames) => {
    queue.push(...frames);
    if (!waiting) drain();
  };
}
