import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ActionMenu from './ActionMenu.svelte';

function renderMenu(chosen: string[]) {
  const outside = document.body.appendChild(document.createElement('button'));
  outside.textContent = 'Elsewhere';
  render(ActionMenu, {
    label: 'Message actions',
    items: [
      { label: 'Star message', run: () => chosen.push('star') },
      { label: 'Quote and reply', run: () => chosen.push('quote') },
    ],
  });
  return { user: userEvent.setup(), outside, trigger: screen.getByRole('button', { name: 'Message actions' }) };
}

describe('ActionMenu', () => {
  it('opens on its button with focus on the first item, runs the chosen item and closes', async () => {
    const chosen: string[] = [];
    const { user, trigger } = renderMenu(chosen);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Star message' })).toHaveFocus();
    await user.click(screen.getByRole('menuitem', { name: 'Quote and reply' }));
    expect(chosen).toEqual(['quote']);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on a click elsewhere, and only while open does a click elsewhere matter', async () => {
    const { user, trigger, outside } = renderMenu([]);
    await user.click(outside);
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(outside);
    expect(screen.queryByRole('menu')).toBeNull();
    // Opened again after closing: the outside click did not leave the menu in a stale state.
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
