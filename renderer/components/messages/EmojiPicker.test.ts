import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EmojiRef } from '../../../common/model';
import EmojiPicker from './EmojiPicker.svelte';

function setup(isPressed: (e: EmojiRef) => boolean = () => false) {
  const picked: EmojiRef[] = [];
  const onClose = vi.fn();
  render(EmojiPicker, { props: { onPick: (e: EmojiRef) => picked.push(e), onClose, isPressed } });
  return { picked, onClose, user: userEvent.setup() };
}

describe('EmojiPicker', () => {
  it('shows the whole set by category once loaded, with the user’s own reactions pressed', async () => {
    setup((e) => e.name === 'heart');
    const animals = await screen.findByRole('region', { name: 'Animals & Nature' });
    expect(within(animals).getAllByRole('button').length).toBeGreaterThan(100);
    const frequent = screen.getByRole('region', { name: 'Frequently used' });
    expect(within(frequent).getByRole('button', { name: ':heart:' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('region', { name: 'Flags' })).toBeTruthy();
  });

  it('searches every name, picks the first match with Enter, and closes on Escape', async () => {
    const { picked, onClose, user } = setup();
    await screen.findByRole('region', { name: 'Smileys & Emotion' });
    const search = screen.getByRole('searchbox', { name: 'Search emoji' });
    expect(document.activeElement).toBe(search);
    await user.type(search, 'octo');
    const results = screen.getByRole('region', { name: 'Search results' });
    expect(within(results).getByRole('button', { name: ':octopus:' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(picked).toEqual([{ name: 'octopus', code: '1f419', type: 'unicode_emoji' }]);

    await user.clear(search);
    await user.type(search, 'zzqq');
    expect(screen.getByRole('status').textContent).toContain('No emoji match');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('moves through the grid with the arrow keys', async () => {
    const { picked, user } = setup();
    await screen.findByRole('region', { name: 'Smileys & Emotion' });
    await user.keyboard('{ArrowDown}');
    expect((document.activeElement as HTMLElement).getAttribute('aria-label')).toBe(':+1:');
    await user.keyboard('{ArrowRight}{Enter}');
    expect(picked[0]?.name).toBe('heart');
  });
});
