import { describe, expect, it } from 'vitest';
import type { Narrow } from '../../common/model';
import { CallFailure, MemoryBridge } from '../testing/memoryBridge';
import { ComposeState } from './compose.svelte';

function setup(narrow: Narrow) {
  const bridge = new MemoryBridge().handle('compose:send', () => ({ localId: 'L1' }));
  const compose = new ComposeState(bridge.client(), 'acc-1');
  compose.setNarrow(narrow);
  return { bridge, compose };
}

describe('ComposeState', () => {
  it('sends to a topic narrow without asking for a topic', async () => {
    const { bridge, compose } = setup({ kind: 'topic', channelId: 1, topic: 'greetings' });
    expect(compose.needsTopic).toBe(false);
    compose.content = 'hello';
    expect(await compose.send()).toBe('L1');
    expect(bridge.callsOf('compose:send')).toEqual([
      { accountId: 'acc-1', to: { kind: 'channel', channelId: 1, topic: 'greetings' }, content: 'hello' },
    ]);
    expect(compose.content).toBe('');
  });

  it('requires a topic in a channel narrow', async () => {
    const { bridge, compose } = setup({ kind: 'channel', channelId: 1 });
    expect(compose.needsTopic).toBe(true);
    compose.content = 'hello';
    expect(await compose.send()).toBeNull();
    expect(compose.error).toBe('Enter a topic for this message.');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);

    compose.topic = '  plans ';
    await compose.send();
    expect(bridge.callsOf('compose:send')[0]?.to).toEqual({ kind: 'channel', channelId: 1, topic: 'plans' });
    expect(compose.error).toBeNull();
  });

  it('sends DMs to the other participants (none for the self-DM)', async () => {
    const { bridge, compose } = setup({ kind: 'dm', userIds: [11, 12] });
    compose.content = 'hi both';
    await compose.send();
    compose.setNarrow({ kind: 'dm', userIds: [] });
    compose.content = 'note to self';
    await compose.send();
    expect(bridge.callsOf('compose:send').map((c) => c.to)).toEqual([
      { kind: 'dm', userIds: [11, 12] },
      { kind: 'dm', userIds: [] },
    ]);
  });

  it('does not send blank text', async () => {
    const { bridge, compose } = setup({ kind: 'dm', userIds: [11] });
    compose.content = '   \n ';
    expect(await compose.send()).toBeNull();
    expect(compose.error).toBe('Write a message first.');
    expect(bridge.callsOf('compose:send')).toHaveLength(0);
  });

  it('keeps the text and shows the error when the send is refused', async () => {
    const { bridge, compose } = setup({ kind: 'dm', userIds: [11] });
    bridge.handle('compose:send', () => {
      throw new CallFailure('INVALID_ARGUMENT', 'content is too long');
    });
    compose.content = 'x'.repeat(10);
    expect(await compose.send()).toBeNull();
    expect(compose.content).toBe('x'.repeat(10));
    expect(compose.error).toContain('content is too long');
    expect(compose.sending).toBe(false);
  });
});
