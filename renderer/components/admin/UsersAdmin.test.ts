import { render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileFieldView, UserDetails } from '../../../common/model';
import { RecordList } from '../../state/recordList.svelte';
import { sidebar } from '../../testing/fixtures';
import { MemoryBridge } from '../../testing/memoryBridge';
import UsersAdmin from './UsersAdmin.svelte';

const field = (id: number, type: number, name: string, fieldData: Record<string, unknown> = {}): ProfileFieldView => ({
  id,
  type,
  name,
  hint: '',
  fieldData,
  displayInProfileSummary: false,
  required: false,
  editableByUser: true,
});

const FIELDS = [
  field(1, 2, 'About me'),
  field(2, 1, 'Team'),
  field(3, 3, 'Office', { ber: { text: 'Berlin', order: '1' } }),
];

const alice: UserDetails = {
  id: 11,
  fullName: 'Alice Adams',
  email: 'alice@example.com',
  deliveryEmail: null,
  avatarUrl: null,
  role: 400,
  isBot: false,
  isActive: true,
  timezone: '',
  profileData: {
    '1': {
      value: 'I **build** [docs](/help) <img src=x onerror=alert(1)>',
      renderedValue:
        '<p>I <strong>build</strong> <a href="/help">docs</a> &lt;img src=x onerror=alert(1)&gt;</p><img src=x onerror="alert(2)">',
    },
    '2': { value: 'Platform *core*' },
    '3': { value: 'ber' },
  },
  groupIds: [],
};

async function openProfile() {
  const bridge = new MemoryBridge()
    .handle('users:list', () => ({ items: sidebar().users, next: null }))
    .handle('profileFields:list', () => ({ items: FIELDS, next: null }))
    .handle('users:get', () => alice);
  const client = bridge.client();
  const fields = new RecordList<ProfileFieldView>(client, 'acc-1', ['profileFields'], (cursor, limit) =>
    client.call('profileFields:list', { accountId: 'acc-1', cursor, limit }),
  );
  await fields.load();
  render(UsersAdmin, { bridge: client, accountId: 'acc-1', fields, baseUrl: 'https://chat.example.com' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Profile of Alice Adams' }));
  return screen.findByRole('region', { name: 'Profile of Alice Adams' });
}

/** The definition beside a term of the profile's list. */
const valueOf = (profile: HTMLElement, term: string): HTMLElement =>
  within(profile).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('UsersAdmin profile', () => {
  it('shows a Markdown field as the server rendered it, sanitized, with links to the organization', async () => {
    const about = valueOf(await openProfile(), 'About me');
    expect(about).toHaveTextContent('I build docs <img src=x onerror=alert(1)>');
    expect(about).not.toHaveTextContent('**');
    expect(within(about).getByText('build').tagName).toBe('STRONG');
    expect(within(about).getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://chat.example.com/help');
    const images = about.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.hasAttribute('onerror')).toBe(false);
  });

  it('shows the text when there is no rendering, and a choice by its label', async () => {
    const profile = await openProfile();
    await vi.waitFor(() => expect(valueOf(profile, 'Team')).toHaveTextContent('Platform *core*'));
    expect(valueOf(profile, 'Office')).toHaveTextContent('Berlin');
  });
});

describe('UsersAdmin list', () => {
  it('draws the first screenful as soon as it comes, asking for a small first page, then fetches everyone', async () => {
    const people = Array.from({ length: 1_200 }, (_, i) => ({
      ...sidebar().users[0]!,
      id: 1000 + i,
      fullName: `Person ${1000 + i}`,
    }));
    let release: () => void = () => {};
    const later = new Promise<void>((r) => (release = r));
    const bridge = new MemoryBridge()
      .handle('users:list', async ({ cursor, limit }) => {
        const from = cursor === undefined ? 0 : Number(cursor);
        if (from > 0) await later;
        const to = Math.min(from + (limit ?? 500), people.length);
        return { items: people.slice(from, to), next: to < people.length ? String(to) : null };
      })
      .handle('profileFields:list', () => ({ items: [], next: null }));
    const client = bridge.client();
    const fields = new RecordList<ProfileFieldView>(client, 'acc-1', ['profileFields'], (cursor, limit) =>
      client.call('profileFields:list', { accountId: 'acc-1', cursor, limit }),
    );
    render(UsersAdmin, { bridge: client, accountId: 'acc-1', fields });
    // The first row is there while the later pages are still on their way.
    await screen.findByRole('listitem', { name: 'Person 1000' });
    const first = bridge.callsOf('users:list')[0] as { limit: number };
    expect(first.limit).toBeLessThanOrEqual(50);
    release();
    await screen.findByText('1,200 users');
  });
});

describe('UsersAdmin open profile', () => {
  it('follows a change to the people made after it was read (an action answered before its event)', async () => {
    let current: UserDetails = alice;
    const bridge = new MemoryBridge()
      .handle('users:list', () => ({ items: sidebar().users, next: null }))
      .handle('profileFields:list', () => ({ items: [], next: null }))
      .handle('users:get', () => current);
    const client = bridge.client();
    const fields = new RecordList<ProfileFieldView>(client, 'acc-1', ['profileFields'], (cursor, limit) =>
      client.call('profileFields:list', { accountId: 'acc-1', cursor, limit }),
    );
    render(UsersAdmin, { bridge: client, accountId: 'acc-1', fields });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Profile of Alice Adams' }));
    const manage = await screen.findByRole('group', { name: 'Manage Alice Adams' });
    expect(within(manage).getByRole('button', { name: 'Deactivate Alice Adams' })).toBeInTheDocument();
    current = { ...alice, isActive: false };
    bridge.emit('records:changed', { accountId: 'acc-1', areas: ['users'] });
    expect(await within(manage).findByRole('button', { name: 'Reactivate Alice Adams' })).toBeInTheDocument();
  });
});
