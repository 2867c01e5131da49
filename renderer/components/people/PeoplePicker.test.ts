import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserSummary } from '../../../common/model';
import NewDmDialog from './NewDmDialog.svelte';

/** An organization of 2,000 people: the picker must stay a short list of matches. */
const users: UserSummary[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  fullName: i === 41 ? 'Ada Lovelace' : i === 1500 ? 'Grace Hopper' : `Person ${i + 1}`,
  email: `p${i + 1}@x.test`,
  avatarUrl: null,
  role: 400,
  isBot: false,
  isActive: i !== 7,
}));

function setup() {
  const started: number[][] = [];
  render(NewDmDialog, { users, selfUserId: 1, onStart: (ids: number[]) => started.push(ids), onClose: () => {} });
  return { started, user: userEvent.setup() };
}

describe('PeoplePicker in the new direct message dialog', () => {
  it('offers a few matches of 2,000 people as one types, and picks with the keyboard', async () => {
    const { started, user } = setup();
    const box = screen.getByRole('combobox', { name: 'Add people' });
    expect(document.activeElement).toBe(box);
    expect(screen.getAllByRole('option')).toHaveLength(8);
    await user.type(box, 'grace');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Grace Hopper')]);
    await user.keyboard('{Enter}');
    await user.type(box, 'lovel');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: 'Chosen' }).textContent).toMatch(/Grace Hopper.*Ada Lovelace/);
    expect(screen.getByText(/A group conversation with 2 people and you/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect(started).toEqual([[42, 1501]]);
  });

  it('never offers the user or deactivated people; Backspace takes back the last pick', async () => {
    const { user } = setup();
    const box = screen.getByRole('combobox', { name: 'Add people' });
    await user.type(box, 'Person 1');
    const offered = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(offered.some((t) => /Person 1\b(?!\d)/.test(t))).toBe(false);
    await user.clear(box);
    await user.type(box, 'Person 8');
    expect(screen.getAllByRole('option').some((o) => /Person 8\b(?!\d)/.test(o.textContent ?? ''))).toBe(false);
    await user.clear(box);
    await user.type(box, 'ada');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Ada Lovelace' })).toBeTruthy();
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('list', { name: 'Chosen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start conversation' })).toBeDisabled();
  });

  it('marks a bot as a bot among the matches', async () => {
    const withBot = [
      ...users,
      { ...users[0]!, id: 5000, fullName: 'Deploy Notifier', email: 'deploy-bot@x.test', isBot: true },
    ];
    render(NewDmDialog, { users: withBot, selfUserId: 1, onStart: () => {}, onClose: () => {} });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Add people' }), 'deploy');
    expect(screen.getByRole('option', { name: /Deploy Notifier/ })).toHaveTextContent('Bot · deploy-bot@x.test');
    await user.clear(screen.getByRole('combobox', { name: 'Add people' }));
    await user.type(screen.getByRole('combobox', { name: 'Add people' }), 'grace');
    expect(screen.getByRole('option', { name: /Grace Hopper/ })).not.toHaveTextContent('Bot');
  });
});
