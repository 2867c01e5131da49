import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryBridge } from '../../testing/memoryBridge';
import Notifications from './Notifications.svelte';

describe('Notifications', () => {
  it('shows notify:show as a toast when desktop notifications are not allowed', async () => {
    const bridge = new MemoryBridge();
    render(Notifications, { bridge: bridge.client() });
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
});
