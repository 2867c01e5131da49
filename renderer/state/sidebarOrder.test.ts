import { describe, expect, it } from 'vitest';
import type { ChannelFolderView, ChannelSummary } from '../../common/model';
import { groupChannels, sortChannels } from './sidebarOrder';

function channel(id: number, name: string, extra: Partial<ChannelSummary> = {}): ChannelSummary {
  return {
    id,
    name,
    color: '#888',
    description: '',
    inviteOnly: false,
    isMuted: false,
    pinToTop: false,
    unreadCount: 0,
    topics: [],
    ...extra,
  };
}
function folder(id: number, name: string): ChannelFolderView {
  return { id, name, description: '', renderedDescription: '', isArchived: false };
}

describe('groupChannels', () => {
  it('is one plain list while no channel is filed in a folder', () => {
    const channels = sortChannels([channel(1, 'b'), channel(2, 'a')]);
    expect(groupChannels(channels, [folder(9, 'Empty')])).toEqual([{ key: 'all', label: null, channels }]);
  });

  it('puts pinned channels first, then folders in the server’s order, then the rest', () => {
    const channels = sortChannels([
      channel(1, 'design', { folderId: 20 }),
      channel(2, 'general', { folderId: 10 }),
      channel(3, 'random'),
      channel(4, 'announce', { folderId: 10, pinToTop: true }),
      channel(5, 'lost', { folderId: 99 }),
    ]);
    const groups = groupChannels(channels, [folder(10, 'Company'), folder(20, 'Product'), folder(30, 'Unused')]);
    expect(groups.map((g) => [g.label, g.channels.map((c) => c.name)])).toEqual([
      ['Pinned channels', ['announce']],
      ['Company', ['general']],
      ['Product', ['design']],
      ['Other channels', ['lost', 'random']],
    ]);
  });
});
