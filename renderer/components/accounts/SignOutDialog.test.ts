import { render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account } from '../../testing/fixtures';
import SignOutDialog from './SignOutDialog.svelte';

describe('SignOutDialog', () => {
  it('deletes the cache by default and keeps it only when the box is ticked', async () => {
    const choices: boolean[] = [];
    render(SignOutDialog, { account: account(), onConfirm: (keep: boolean) => choices.push(keep), onCancel: () => {} });
    const user = userEvent.setup();
    expect(screen.getByRole('dialog')).toHaveTextContent('deletes this account');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(screen.getByRole('checkbox', { name: /Keep messages on this computer/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(choices).toEqual([false, true]);
  });
});
