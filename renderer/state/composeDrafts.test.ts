import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../common/model';
import { MemoryBridge } from '../testing/memoryBridge';
import { ComposeState } from './compose.svelte';

const TOPIC = { kind: 'topic', channelId: 1, topic: 'greetings' } as const;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  let drafts = 0;
  const bridge = new MemoryBridge()
    .handle('compose:send', () => ({ localId: 'L1' }))
    .handle('drafts:save', ({ id }) => ({ id: id ?? `d${++drafts}` }))
    .handle('drafts:delete', () => null)
    .handle('typing:set', () => null);
  const compose = new ComposeState(bridge.client(), 'acc-1');
  compose.setNarrow(TOPIC);
  return { bridge, compose };
}

describe('ComposeState drafts and typing', () => {
  it('keeps what is typed as one draft, updated in place', async () => {
    const { bridge, compose } = setup();
    compose.content = 'first';
    compose.edited();
    compose.flushDraft();
    await settle();
    compose.content = 'first and more';
    compose.edited();
    compose.flushDraft();
    await settle();
    const to = { kind: 'channel', channelId: 1, topic: 'greetings' };
    expect(bridge.callsOf('drafts:save')).toEqual([
      { accountId: 'acc-1', id: undefined, to, content: 'first' },
      { accountId: 'acc-1', id: 'd1', to, content: 'first and more' },
    ]);
    expect(compose.draftState).toBe('saved');
    expect(bridge.callsOf('typing:set').map((c) => c.op)).toEqual(['start', 'start']);
  });

  it('deletes the draft once the message is sent, and says typing stopped', async () => {
    const { bridge, compose } = setup();
    compose.content = 'to be sent';
    compose.edited();
    compose.flushDraft();
    await settle();
    await compose.send();
    await settle();
    expect(bridge.callsOf('drafts:delete')).toEqual([{ accountId: 'acc-1', id: 'd1' }]);
    expect(bridge.callsOf('typing:set').at(-1)?.op).toBe('stop');
  });

  it('writes a pending draft before moving to another narrow', async () => {
    const { bridge, compose } = setup();
    compose.content = 'half a thought';
    compose.edited();
    compose.setNarrow({ kind: 'dm', userIds: [11] });
    await settle();
    expect(bridge.callsOf('drafts:save')).toEqual([
      {
        accountId: 'acc-1',
        id: undefined,
        to: { kind: 'channel', channelId: 1, topic: 'greetings' },
        content: 'half a thought',
      },
    ]);
    expect(compose.content).toBe('');
  });

  it('says so when a draft could not be kept, and keeps the text', async () => {
    const { bridge, compose } = setup();
    bridge.handle('drafts:save', () => {
      throw new Error('disk full');
    });
    compose.content = 'precious';
    compose.edited();
    compose.flushDraft();
    await settle();
    expect(compose.draftError).toMatch(/The draft was not saved/);
    expect(compose.content).toBe('precious');
  });

  it('resumes a saved draft with its id', async () => {
    const { bridge, compose } = setup();
    compose.resumeDraft(
      {
        id: 'old',
        to: { kind: 'channel', channelId: 1, topic: 'plans' },
        content: 'resume me',
        timestamp: 1,
        synced: true,
        syncError: null,
      },
      { kind: 'topic', channelId: 1, topic: 'plans' },
    );
    expect(compose.content).toBe('resume me');
    compose.content += '!';
    compose.edited();
    compose.flushDraft();
    await settle();
    expect(bridge.callsOf('drafts:save')[0]?.id).toBe('old');
  });

  it('puts the narrow’s saved draft back in the box when it opens', async () => {
    const { bridge, compose } = setup();
    const draft = {
      id: 'd9',
      to: { kind: 'channel', channelId: 1, topic: 'plans' },
      content: 'half a thought',
      timestamp: 1,
      synced: true,
      syncError: null,
    } as const;
    bridge.handle('drafts:forNarrow', ({ narrow }) => (narrow.kind === 'channel' ? draft : null));
    compose.setNarrow({ kind: 'channel', channelId: 1 });
    await settle();
    expect(bridge.callsOf('drafts:forNarrow').at(-1)).toEqual({
      accountId: 'acc-1',
      narrow: { kind: 'channel', channelId: 1 },
    });
    expect(compose.content).toBe('half a thought');
    expect(compose.topic).toBe('plans');
    expect(compose.draftState).toBe('saved');
    // Going on edits that same draft rather than starting another.
    compose.content = 'half a thought, finished';
    compose.edited();
    compose.flushDraft();
    await settle();
    expect(bridge.callsOf('drafts:save').at(-1)).toMatchObject({ id: 'd9', content: 'half a thought, finished' });
  });

  it('does not overwrite what the user typed before the draft arrived, nor fill another narrow', async () => {
    const { bridge, compose } = setup();
    const answers: Array<(draft: DraftView | null) => void> = [];
    bridge.handle('drafts:forNarrow', () => new Promise<DraftView | null>((resolve) => answers.push(resolve)));
    const draft = (content: string): DraftView => ({
      id: content,
      to: null,
      content,
      timestamp: 1,
      synced: true,
      syncError: null,
    });

    compose.setNarrow(TOPIC);
    compose.content = 'typed already';
    compose.edited();
    answers[0]?.(draft('stale draft'));
    await settle();
    expect(compose.content).toBe('typed already');

    compose.setNarrow({ kind: 'dm', userIds: [3] });
    compose.setNarrow(TOPIC);
    // The DM's answer comes after compose moved on: it must not land in the topic's box.
    answers[1]?.(draft('for the dm'));
    await settle();
    expect(compose.content).toBe('');
    answers[2]?.(draft('for the topic'));
    await settle();
    expect(compose.content).toBe('for the topic');
  });
});
