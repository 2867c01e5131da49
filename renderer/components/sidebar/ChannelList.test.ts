import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Narrow } from '../../../common/model';
import { sidebar } from '../../testing/fixtures';
import ChannelList from './ChannelList.svelte';

function setup(current: Narrow | null, archivedId?: number) {
  const data = sidebar();
  data.channels = data.channels.map((c) => ({ ...c, isArchived: c.id === archivedId }));
  render(ChannelList, { channels: data.channels, sidebar: data, current, onOpen: () => {} });
}

describe('ChannelList', () => {
  it('shows the topics of the channel on screen, the current one marked, and lets the user fold them', async () => {
    setup({ kind: 'topic', channelId: 1, topic: 'GREETINGS' });
    const topics = screen.getByRole('list', { name: 'Topics in general' });
    expect(screen.getByRole('button', { name: 'greetings' })).toHaveAttribute('aria-current', 'page');
    expect(topics).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Topics in general' }));
    expect(screen.queryByRole('list', { name: 'Topics in general' })).toBeNull();
  });

  it("shows a channel feed's topics too, and no other channel's", () => {
    setup({ kind: 'channel', channelId: 1 });
    expect(screen.getByRole('list', { name: 'Topics in general' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Topics in general' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps topics folded while no channel is on screen', () => {
    setup({ kind: 'dm', userIds: [11] });
    expect(screen.queryByRole('list', { name: 'Topics in general' })).toBeNull();
  });
  it('says why a channel without topics cannot show them', () => {
    setup(null);
    const toggle = screen.getByRole('button', { name: 'Topics in design' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('No topics in this channel yet');
    expect(toggle).toHaveAttribute('title', 'No topics in this channel yet');
  });

  it('marks an archived channel, and only that one', () => {
    setup(null, 1);
    expect(screen.getByRole('button', { name: /^general/ })).toHaveTextContent('general (archived)');
    expect(screen.getByRole('button', { name: /^design/ })).not.toHaveTextContent('(archived)');
  });
});
