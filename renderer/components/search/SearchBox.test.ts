import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SELF_ID, sidebar } from '../../testing/fixtures';
import SearchBox from './SearchBox.svelte';

describe('SearchBox', () => {
  it('keeps the query while its results are on screen and lets go of it when the user leaves them', async () => {
    const onSearch = vi.fn();
    const { rerender } = render(SearchBox, { sidebar: sidebar(), selfUserId: SELF_ID, onSearch, searching: false });
    const box = screen.getByRole('searchbox', { name: 'Search messages' });
    const user = userEvent.setup();
    await user.type(box, 'lunch plans{Enter}');
    expect(onSearch).toHaveBeenCalledWith('lunch plans');
    await rerender({ searching: true });
    expect(box).toHaveValue('lunch plans');
    await rerender({ searching: false });
    expect(box).toHaveValue('');
  });
});
