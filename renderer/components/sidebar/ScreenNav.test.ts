import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureGates } from '../../../common/model';
import ScreenNav from './ScreenNav.svelte';

const OLD_SERVER: FeatureGates = {
  navigationViews: false,
  savedSnippets: false,
  editSavedSnippets: false,
  channelFolders: false,
  createChannelDirectly: false,
  unmuteTopics: false,
  followTopics: false,
  channelTopicsPolicy: false,
  channelPermissions: [],
  draftsSync: false,
  inviteToGroups: false,
  scheduledMessages: false,
  reminders: false,
};

describe('ScreenNav', () => {
  it('offers organization settings to administrators only, and hides what the server lacks', () => {
    const props = { current: { kind: 'narrow' } as const, onGo: vi.fn(), onMarkAllRead: vi.fn() };
    const { unmount } = render(ScreenNav, { ...props, features: OLD_SERVER, isAdmin: false });
    expect(screen.queryByRole('button', { name: 'Organization settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Navigation views' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Saved snippets' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Drafts' })).toBeInTheDocument();
    unmount();

    render(ScreenNav, {
      ...props,
      features: { ...OLD_SERVER, navigationViews: true, savedSnippets: true },
      isAdmin: true,
    });
    expect(screen.getByRole('button', { name: 'Organization settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Navigation views' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved snippets' })).toBeInTheDocument();
  });

  it('goes to a screen and marks everything read', async () => {
    const onGo = vi.fn();
    const onMarkAllRead = vi.fn();
    render(ScreenNav, { current: { kind: 'drafts' }, features: null, isAdmin: false, onGo, onMarkAllRead });
    expect(screen.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Starred messages' }));
    expect(onGo).toHaveBeenCalledWith({ kind: 'search', title: 'Starred messages' });
    await user.click(screen.getByRole('button', { name: 'Alert words' }));
    expect(onGo).toHaveBeenLastCalledWith({ kind: 'alertWords' });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });
});

describe('ScreenNav pinned views', () => {
  it('lists the user’s pinned named views after the daily ones and opens them', async () => {
    const onView = vi.fn();
    render(ScreenNav, {
      current: { kind: 'narrow' } as const,
      features: { ...OLD_SERVER, navigationViews: true },
      isAdmin: false,
      onGo: vi.fn(),
      onMarkAllRead: vi.fn(),
      onView,
      views: [
        { fragment: 'narrow/channel/3-eng/topic/CI', isPinned: true, name: 'CI builds' },
        { fragment: 'narrow/is/starred', isPinned: true, name: null },
        { fragment: 'narrow/has/link', isPinned: false, name: 'Links' },
      ],
    });
    const labels = screen.getAllByRole('button').map((b) => b.textContent);
    expect(labels.indexOf('CI builds')).toBe(labels.indexOf('Drafts') + 1);
    expect(labels).not.toContain('Links');
    await userEvent.setup().click(screen.getByRole('button', { name: 'CI builds' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ name: 'CI builds' }));
  });
});
