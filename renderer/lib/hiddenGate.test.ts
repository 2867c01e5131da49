/**
 * A hidden window applies no message or sidebar events until it shows again, then all of them in
 * the order they came; notifications and status pass at once; a window hidden for days holds a
 * bounded number (issue 28 item 5).
 */
import { describe, expect, it } from 'vitest';
import type { Events } from '../../common/ipc/contract';
import { MemoryBridge } from '../testing/memoryBridge';
import { BridgeClient } from './bridge';
import { HiddenGate, HOLD_LIMIT, type Visibility } from './hiddenGate';

/** The page's visibility as the browser reports it, set by the test. */
class Page implements Visibility {
  visibilityState: DocumentVisibilityState = 'visible';
  private readonly listeners: (() => void)[] = [];
  addEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.push(listener);
  }
  set(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
}

const added = (id: number): Events['messages:added'] => ({ accountId: 'a', messages: [{ id } as never] });

function setup() {
  const page = new Page();
  const main = new MemoryBridge();
  const gate = new HiddenGate(page);
  const client = new BridgeClient(main, null, gate);
  const seen: string[] = [];
  client.on('messages:added', (p) => seen.push(`added ${p.messages[0]!.id}`));
  client.on('messages:removed', (p) => seen.push(`removed ${p.messageIds.join()}`));
  client.on('notify:show', (p) => seen.push(`notify ${p.title}`));
  return { page, main, gate, client, seen };
}

describe('hidden window', () => {
  it('holds message events while hidden and applies them in order on show; notifications pass', () => {
    const { page, main, seen } = setup();
    main.emit('messages:added', added(1));
    page.set('hidden');
    main.emit('messages:added', added(2));
    main.emit('notify:show', { accountId: 'a', title: 'Ada', body: 'hi', narrow: { kind: 'dm', userIds: [5] } });
    main.emit('messages:removed', { accountId: 'a', messageIds: [1] });
    main.emit('messages:added', added(3));
    expect(seen).toEqual(['added 1', 'notify Ada']);
    page.set('visible');
    expect(seen).toEqual(['added 1', 'notify Ada', 'added 2', 'removed 1', 'added 3']);
  });

  it('applies what it holds once the limit is reached, so memory stays bounded', () => {
    const { page, main, gate, seen } = setup();
    page.set('hidden');
    for (let id = 1; id < HOLD_LIMIT; id++) main.emit('messages:added', added(id));
    expect(seen).toEqual([]);
    expect(gate.heldCount).toBe(HOLD_LIMIT - 1);
    main.emit('messages:added', added(HOLD_LIMIT));
    expect(seen).toHaveLength(HOLD_LIMIT);
    expect(gate.heldCount).toBe(0);
  });

  it('does not deliver held events to a listener removed meanwhile', () => {
    const { page, main, client } = setup();
    const late: number[] = [];
    const stop = client.on('messages:added', (p) => late.push(p.messages[0]!.id));
    page.set('hidden');
    main.emit('messages:added', added(7));
    stop();
    page.set('visible');
    expect(late).toEqual([]);
  });
});
