import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RealmDomainView } from '../../../common/model';
import { CallFailure, MemoryBridge } from '../../testing/memoryBridge';
import DomainsAdmin from './DomainsAdmin.svelte';

function setup() {
  let domains: RealmDomainView[] = [{ domain: 'before.test', allowSubdomains: true }];
  const bridge = new MemoryBridge()
    .handle('realmDomains:list', () => domains)
    .handle('realmDomains:add', (a) => {
      if (!a.domain.includes('.'))
        throw new CallFailure('BAD_REQUEST', 'Invalid domain: Domain must have at least one dot (.)');
      domains = [...domains, { domain: a.domain, allowSubdomains: a.allowSubdomains }];
      return null;
    })
    .handle('realmDomains:remove', (a) => {
      domains = domains.filter((d) => d.domain !== a.domain);
      return null;
    });
  render(DomainsAdmin, { bridge: bridge.client(), accountId: 'acc-1' });
  return { bridge, user: userEvent.setup() };
}

describe('DomainsAdmin', () => {
  it('lists the allowed domains, adds one and removes one', async () => {
    const { bridge, user } = setup();
    const listed = await screen.findByRole('listitem', { name: 'before.test' });
    expect(listed).toHaveTextContent('and its subdomains');
    const form = screen.getByRole('form', { name: 'Add an allowed domain' });
    await user.type(within(form).getByRole('textbox', { name: 'Domain' }), 'parley.test');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect(bridge.callsOf('realmDomains:add')).toEqual([
      { accountId: 'acc-1', domain: 'parley.test', allowSubdomains: false },
    ]);
    const added = await screen.findByRole('listitem', { name: 'parley.test' });
    expect(added).not.toHaveTextContent('subdomains');
    await user.click(screen.getByRole('button', { name: 'Remove before.test' }));
    expect(bridge.callsOf('realmDomains:remove')).toEqual([{ accountId: 'acc-1', domain: 'before.test' }]);
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: 'before.test' })).toBeNull());
  });

  it('shows the server’s reason when a domain is refused, and keeps the text', async () => {
    const { user } = setup();
    const form = screen.getByRole('form', { name: 'Add an allowed domain' });
    const box = within(form).getByRole('textbox', { name: 'Domain' });
    await user.type(box, 'nodot');
    await user.click(within(form).getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at least one dot');
    expect(box).toHaveValue('nodot');
  });
});
