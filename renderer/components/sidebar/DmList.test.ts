/**
 * A big organization's account has hundreds of DM conversations in the sidebar (a hundred recent
 * plus every unread one): the newest are drawn, the open one always, and the rest on request.
 */
import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DmSummary } from '../../../common/model';
import DmList from './DmList.svelte';
import { DMS_SHOWN } from './dmList';

const dms: DmSummary[] = Array.from({ length: 150 }, (_, i) => ({
  userIds: [100 + i],
  names: [`Person ${i}`],
  maxMessageId: 1000 - i,
  unreadCount: i % 3,
}));

const rows = () => within(screen.getByRole('navigation', { name: 'Direct messages' })).getAllByRole('listitem');

describe('DmList with hundreds of conversations', () => {
  it('draws the newest and the open one, and all of them when asked', async () => {
    const onOpen = vi.fn();
    render(DmList, { dms, current: { kind: 'dm', userIds: [100 + 120] }, onOpen });
    expect(rows()).toHaveLength(DMS_SHOWN + 1);
    expect(rows()[0]).toHaveTextContent('Person 0');
    expect(rows().at(-1)).toHaveTextContent('Person 120');

    await userEvent.click(screen.getByRole('button', { name: 'Show all 150 conversations' }));
    expect(rows()).toHaveLength(150);
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
    await userEvent.click(within(rows()[149]!).getByRole('button', { name: /Person 149/ }));
    expect(onOpen).toHaveBeenCalledWith({ kind: 'dm', userIds: [249] });
  });
});
