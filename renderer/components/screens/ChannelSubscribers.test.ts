import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriberPage, UserSummary } from '../../../common/model';
import { MemoryBridge } from '../../testing/memoryBridge';
import ChannelSubscribers from './ChannelSubscribers.svelte';

const person = (id: number, fullName: string, extra: Partial<UserSummary> = {}): UserSummary => ({
  id,
  fullName,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  avatarUrl: null,
  role: 400,
  isBot: false,
  isActive: true,
  ...extra,
});

const ALICE = person(1, 'Alice Adams', { role: 200 });
const BOB = person(2, 'Bob Brown');
const BUILDER = person(3, 'Build Bot', { isBot: true });
const CAROL = person(4, 'Carol Chen');

/** Pages of two, as the core would page a longer list. */
function pages(people: UserSummary[], extra: { complete: boolean; count: number | null }) {
  return (a: { cursor?: string | undefined }): SubscriberPage => {
    const start = a.cursor === undefined ? 0 : Number(a.cursor);
    const next = start + 2 < people.length ? String(start + 2) : null;
    return { items: people.slice(start, start + 2), next, ...extra };
  };
}

function setup(bridge: MemoryBridge) {
  render(ChannelSubscribers, { bridge: bridge.client(), accountId: 'acc-1', channelId: 7 });
  return userEvent.setup();
}
const rows = () => within(screen.getByRole('list', { name: 'Subscribers of this channel' })).getAllByRole('listitem');
/** The rows' names once virtua has drawn them (it measures its viewport first). */
async function rowNames(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Subscribers of this channel' });
  return (await within(list).findAllByRole('listitem')).map((r) => r.getAttribute('aria-label')!);
}

describe('ChannelSubscribers', () => {
  it('lists every page of subscribers with the count, and filters by name or email', async () => {
    const bridge = new MemoryBridge().handle(
      'channels:subscribers',
      pages([ALICE, BOB, BUILDER, CAROL], { complete: true, count: 4 }),
    );
    const user = setup(bridge);
    expect(await screen.findByText('4 subscribers')).toHaveAttribute('role', 'status');
    await vi.waitFor(() => expect(rows()).toHaveLength(4));
    expect(await rowNames()).toEqual(['Alice Adams', 'Bob Brown', 'Build Bot', 'Carol Chen']);
    expect(within(rows()[0]!).getByText('alice@example.com · Administrator')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('build@example.com · bot')).toBeInTheDocument();
    expect(bridge.callsOf('channels:subscribers').map((c) => [c.channelId, c.cursor])).toEqual([
      [7, undefined],
      [7, '2'],
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Filter subscribers' }), 'carol@');
    await vi.waitFor(() => expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['Carol Chen']));
    expect(screen.getByText('1 of 4 subscribers')).toBeInTheDocument();
  });

  it('says when only part of a big channel is known, and tries again on request', async () => {
    let online = false;
    const bridge = new MemoryBridge().handle('channels:subscribers', (a) =>
      online
        ? pages([ALICE, BOB, BUILDER, CAROL], { complete: true, count: 4 })(a)
        : pages([BUILDER], { complete: false, count: 300 })(a),
    );
    const user = setup(bridge);
    const status = await screen.findByText(
      /Showing 1 of 300 subscribers: the rest could not be fetched from the server\./,
    );
    expect(await rowNames()).toEqual(['Build Bot']);

    online = true;
    await user.click(within(status).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 subscribers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offline with none of them known, says only that the list could not be fetched', async () => {
    setup(new MemoryBridge().handle('channels:subscribers', pages([], { complete: false, count: 6 })));
    const status = await screen.findByText(/The list of 6 subscribers could not be fetched from the server\./);
    expect(status).toHaveAttribute('role', 'status');
    expect(within(status).getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByText('No one is subscribed.')).toBeNull();
  });

  it('says so without a number when not even the count is known (a list the server keeps from the user)', async () => {
    setup(new MemoryBridge().handle('channels:subscribers', pages([], { complete: false, count: null })));
    expect(
      await screen.findByText(/^The list of the subscribers could not be fetched from the server\./),
    ).toBeInTheDocument();
  });

  it('reloads when the subscribers change, and says when there are none', async () => {
    let people: UserSummary[] = [];
    const bridge = new MemoryBridge().handle('channels:subscribers', (a) =>
      pages(people, { complete: true, count: people.length })(a),
    );
    setup(bridge);
    expect(await screen.findByText('No one is subscribed.')).toBeInTheDocument();
    people = [BOB];
    // Neither another area nor another channel's list is this list's business.
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['channels'] });
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['subscribers'], subscriberChannels: [8, 9] });
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['subscribers'], subscriberChannels: [9, 7] });
    expect(await screen.findByText('1 subscriber')).toBeInTheDocument();
    expect(await rowNames()).toEqual(['Bob Brown']);
    expect(bridge.callsOf('channels:subscribers')).toHaveLength(2);
    // A change that names no channel (a new snapshot) may be any list's.
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['subscribers'] });
    await vi.waitFor(() => expect(bridge.callsOf('channels:subscribers')).toHaveLength(3));
  });
});
