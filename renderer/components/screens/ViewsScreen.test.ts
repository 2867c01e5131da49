import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NavigationViewView } from '../../../common/model';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import { isBuiltInView, viewFragment } from '../../lib/navigationViews';
import ViewsScreen from './ViewsScreen.svelte';

/** Stands in for main with the server's rule: built-in views refuse a name, custom ones need one. */
function setup() {
  const views: NavigationViewView[] = [{ fragment: 'inbox', isPinned: true, name: null }];
  const bridge = new MemoryBridge()
    .handle('views:list', () => ({ items: [...views], next: null }))
    .handle('views:create', ({ fragment, isPinned, name }) => {
      if (['inbox', 'narrow/is/starred'].includes(fragment) && name !== undefined)
        throw new CallFailure('BAD_REQUEST', 'Built-in views cannot have a custom name.');
      views.push({ fragment, isPinned, name: name ?? null });
      return null;
    });
  render(ViewsScreen, { bridge: bridge.client(), accountId: 'acc-1' });
  const form = screen.getByRole('form', { name: 'Add a view' });
  return {
    bridge,
    user: userEvent.setup(),
    fragment: within(form).getByRole('textbox', { name: 'URL fragment' }),
    name: within(form).getByRole('textbox', { name: 'Name' }),
    submit: within(form).getByRole('button', { name: 'Add view' }),
  };
}

describe('ViewsScreen add form', () => {
  it('disables the name of a built-in view and does not send one', async () => {
    const { bridge, user, fragment, name, submit } = setup();
    await user.type(name, 'My starred');
    await user.type(fragment, ' #narrow/is/starred ');
    expect(name).toBeDisabled();
    expect(name).toHaveAccessibleDescription(/built-in views: it keeps its own name/);
    await user.click(submit);
    await vi.waitFor(() =>
      expect(bridge.callsOf('views:create')).toEqual([
        { accountId: 'acc-1', fragment: 'narrow/is/starred', isPinned: true },
      ]),
    );
    await vi.waitFor(() => expect(screen.getByRole('listitem', { name: 'Starred messages' })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a custom view for a name and sends it', async () => {
    const { bridge, user, fragment, name, submit } = setup();
    await user.type(fragment, 'narrow/is/mentioned/sender/7');
    expect(name).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('A view needs a URL fragment');
    expect(bridge.callsOf('views:create')).toEqual([]);

    await user.type(name, ' From Ada ');
    await user.click(submit);
    await vi.waitFor(() => expect(screen.getByRole('listitem', { name: 'From Ada' })).toBeInTheDocument());
    expect(bridge.callsOf('views:create')).toEqual([
      { accountId: 'acc-1', fragment: 'narrow/is/mentioned/sender/7', isPinned: true, name: 'From Ada' },
    ]);
  });
});

describe('navigation view fragments', () => {
  it('knows the built-in views only by their exact fragment', () => {
    expect(['inbox', 'recent', '#feed', ' drafts ', 'narrow/is/mentioned'].every(isBuiltInView)).toBe(true);
    expect(['narrow/is/mentioned/sender/7', 'Inbox', 'narrow/is/alerted', ''].some(isBuiltInView)).toBe(false);
    expect(viewFragment('  #narrow/channel/1-general ')).toBe('narrow/channel/1-general');
  });
});
