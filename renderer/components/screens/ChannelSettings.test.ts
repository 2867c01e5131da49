import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelDetails } from '../../../common/model';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import ChannelSettings from './ChannelSettings.svelte';

function details(isMuted: boolean): ChannelDetails {
  return {
    id: 1,
    name: 'general',
    description: '',
    renderedDescription: '',
    inviteOnly: false,
    isWebPublic: false,
    isArchived: false,
    folderId: null,
    subscribed: true,
    subscriberCount: 3,
    subscriberIds: null,
    subscription: {
      channelId: 1,
      color: '#76ce90',
      isMuted,
      pinToTop: false,
      desktopNotifications: null,
      audibleNotifications: null,
      pushNotifications: null,
      emailNotifications: null,
      wildcardMentionsNotify: null,
    },
  };
}

function setup(bridge: MemoryBridge) {
  const onLeft = vi.fn();
  bridge.handle('channels:subscribers', () => ({ items: [], next: null, complete: true, count: 0 }));
  render(ChannelSettings, { bridge: bridge.client(), accountId: 'acc-1', channelId: 1, onLeft });
  return { onLeft, user: userEvent.setup() };
}

describe('ChannelSettings', () => {
  it('saves a change, says so, and shows what the server has', async () => {
    let muted = false;
    const bridge = new MemoryBridge()
      .handle('channels:get', () => details(muted))
      .handle('channels:setProperty', (a) => {
        if (a.property === 'is_muted') muted = a.value;
        return null;
      });
    const { user } = setup(bridge);
    await user.click(await screen.findByRole('checkbox', { name: 'Muted' }));
    expect(await screen.findByText('Mute saved.')).toHaveAttribute('role', 'status');
    expect(bridge.callsOf('channels:setProperty')).toEqual([
      { accountId: 'acc-1', channelId: 1, property: 'is_muted', value: true },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Muted' })).toBeChecked();
  });

  it('puts a refused change back and says why', async () => {
    const bridge = new MemoryBridge()
      .handle('channels:get', () => details(false))
      .handle('channels:setProperty', () => {
        throw new CallFailure('BAD_REQUEST', 'Not subscribed to channel ID 1');
      });
    const { user } = setup(bridge);
    await user.click(await screen.findByRole('checkbox', { name: 'Muted' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not subscribed to channel ID 1');
    expect(screen.getByRole('checkbox', { name: 'Muted' })).not.toBeChecked();
    expect(screen.queryByText(/saved\./)).toBeNull();
  });

  it('follows changes made elsewhere, and leaves after unsubscribing', async () => {
    let muted = false;
    const bridge = new MemoryBridge()
      .handle('channels:get', () => details(muted))
      .handle('channels:unsubscribe', () => null);
    const { onLeft, user } = setup(bridge);
    expect(await screen.findByRole('checkbox', { name: 'Muted' })).not.toBeChecked();
    muted = true;
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['channels'] });
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'Muted' })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(bridge.callsOf('channels:unsubscribe')).toEqual([{ accountId: 'acc-1', channelIds: [1] }]);
    expect(onLeft).toHaveBeenCalledOnce();
  });

  it('lists who is subscribed below the settings', async () => {
    setup(new MemoryBridge().handle('channels:get', () => details(false)));
    const subscribers = await screen.findByRole('region', { name: 'Subscribers' });
    expect(within(subscribers).getByRole('heading', { name: 'Subscribers' })).toBeInTheDocument();
    expect(await within(subscribers).findByText('No one is subscribed.')).toBeInTheDocument();
  });
});
