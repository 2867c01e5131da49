import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Narrow } from '../../../common/model';
import { MemoryBridge } from '../../testing/memoryBridge';
import Notifications from './Notifications.svelte';

describe('Notifications', () => {
  it('shows notify:show as a toast when desktop notifications are not allowed', async () => {
    const bridge = new MemoryBridge();
    render(Notifications, { bridge: bridge.client(), onOpen: () => undefined });
    bridge.emit('notify:show', {
      accountId: 'acc-1',
      title: 'Alice Adams',
      body: 'Lunch?',
      narrow: { kind: 'dm', userIds: [11] },
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await screen.findByText('Lunch?')).toBeInTheDocument();
    expect(region).toHaveTextContent('Alice Adams');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Lunch?')).toBeNull();
  });

  it('opens the conversation from a toast', async () => {
    const bridge = new MemoryBridge();
    const opened: Array<[string, Narrow]> = [];
    render(Notifications, {
      bridge: bridge.client(),
      onOpen: (id: string, narrow: Narrow) => opened.push([id, narrow]),
    });
    bridge.emit('notify:show', {
      accountId: 'acc-2',
      title: 'Bo',
      body: 'Ping',
      narrow: { kind: 'topic', channelId: 3, topic: 'lunch' },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open conversation' }));
    expect(opened).toEqual([['acc-2', { kind: 'topic', channelId: 3, topic: 'lunch' }]]);
    expect(screen.queryByText('Ping')).toBeNull();
  });

  describe('with desktop notifications allowed', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('a click on the desktop notification focuses the window and opens the conversation', () => {
      const shown: Array<{ title: string; onclick: (() => void) | null; closed: boolean }> = [];
      // jsdom has no Notification; this stands in for the browser's (a boundary we cannot run here).
      class FakeNotification {
        static permission = 'granted';
        onclick: (() => void) | null = null;
        closed = false;
        constructor(readonly title: string) {
          shown.push(this);
        }
        close(): void {
          this.closed = true;
        }
      }
      vi.stubGlobal('Notification', FakeNotification);
      const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
      const bridge = new MemoryBridge();
      const opened: Array<[string, Narrow]> = [];
      render(Notifications, {
        bridge: bridge.client(),
        onOpen: (id: string, narrow: Narrow) => opened.push([id, narrow]),
      });
      bridge.emit('notify:show', {
        accountId: 'acc-1',
        title: 'Al',
        body: 'Hi',
        narrow: { kind: 'dm', userIds: [11] },
      });
      expect(shown.map((n) => n.title)).toEqual(['Al']);
      expect(screen.queryByText('Hi')).toBeNull();
      shown[0]!.onclick?.();
      expect(focus).toHaveBeenCalled();
      expect(shown[0]!.closed).toBe(true);
      expect(opened).toEqual([['acc-1', { kind: 'dm', userIds: [11] }]]);
    });
  });
});
