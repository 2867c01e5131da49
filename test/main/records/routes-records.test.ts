/**
 * The folder, draft, snippet, navigation-view, profile-field, playground, invitation, settings
 * and user routes of main/api against the dev server, each read back as another client would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelFolder, getChannelFolders } from '../../../main/api/routes/channel-folders';
import { createDrafts, deleteDraft, editDraft, getDrafts } from '../../../main/api/routes/drafts';
import { createInviteLink } from '../../../main/api/routes/invites';
import {
  createNavigationView,
  deleteNavigationView,
  editNavigationView,
  getNavigationViews,
} from '../../../main/api/routes/navigation-views';
import { createPlayground, deletePlayground } from '../../../main/api/routes/playgrounds';
import { createProfileField, getProfileFields } from '../../../main/api/routes/profile-fields';
import {
  createSavedSnippet,
  deleteSavedSnippet,
  editSavedSnippet,
  getSavedSnippets,
} from '../../../main/api/routes/saved-snippets';
import { updateSettings } from '../../../main/api/routes/settings';
import { getSubscriptions } from '../../../main/api/routes/subscriptions';
import { getUser } from '../../../main/api/routes/users';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { apiError, freshRegister, person, unique, type Person } from './support';

let dev: RunningDevServer;
let admin: Person;
let member: Person;

beforeAll(async () => {
  dev = await startDevServer();
  admin = await person(dev, dev.byRole(200));
  member = await person(dev, dev.byRole(400));
});
afterAll(() => dev?.stop());

describe('channel folders', () => {
  it('an administrator creates one; a member is refused with UNAUTHORIZED_PRINCIPAL', async () => {
    const name = unique('Folder');
    const id = await createChannelFolder(admin.client, { name, description: '' });
    expect((await getChannelFolders(member.client)).find((f) => f.id === id)).toMatchObject({ name, description: '' });
    const e = await apiError(createChannelFolder(member.client, { name: unique('Nope'), description: 'x' }));
    expect(e.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});

describe('drafts', () => {
  it('creates, lists, replaces and deletes; an unknown ID is BAD_REQUEST', async () => {
    const general = (await getSubscriptions(member.client)).find((s) => s.name === 'general')!.stream_id;
    const [id] = await createDrafts(member.client, [
      { type: 'stream', to: [general], topic: 'plans', content: 'first words', timestamp: 1_700_000_000 },
    ]);
    expect((await getDrafts(member.client)).find((d) => d.id === id)).toMatchObject({
      type: 'stream',
      to: [general],
      topic: 'plans',
      content: 'first words',
      timestamp: 1_700_000_000,
    });
    await editDraft(member.client, id!, { type: 'private', to: [admin.userId], topic: '', content: 'changed' });
    expect((await getDrafts(member.client)).find((d) => d.id === id)).toMatchObject({
      type: 'private',
      content: 'changed',
    });
    await deleteDraft(member.client, id!);
    expect((await getDrafts(member.client)).some((d) => d.id === id)).toBe(false);
    const e = await apiError(deleteDraft(member.client, id!));
    expect([e.code, e.httpStatus]).toEqual(['BAD_REQUEST', 404]);
  });
});

describe('saved snippets', () => {
  it('creates, edits and deletes; an empty title is refused', async () => {
    const id = await createSavedSnippet(member.client, { title: 'Greeting', content: 'Hello **there**' });
    await editSavedSnippet(member.client, id, { content: 'Hi' });
    expect((await getSavedSnippets(member.client)).find((s) => s.id === id)).toMatchObject({
      title: 'Greeting',
      content: 'Hi',
    });
    await deleteSavedSnippet(member.client, id);
    expect((await getSavedSnippets(member.client)).some((s) => s.id === id)).toBe(false);
    expect((await apiError(createSavedSnippet(member.client, { title: '', content: 'x' }))).code).toBe('BAD_REQUEST');
    expect((await apiError(editSavedSnippet(member.client, id, { title: 'gone' }))).code).toBe('BAD_REQUEST');
  });
});

describe('navigation views', () => {
  it('creates a custom view with a slashed fragment, renames, unpins and deletes it', async () => {
    const fragment = `narrow/channel/${Math.floor(Math.random() * 1e6)}-test`;
    await createNavigationView(member.client, { fragment, is_pinned: true, name: 'Mine' });
    await editNavigationView(member.client, fragment, { is_pinned: false, name: 'Renamed' });
    expect((await getNavigationViews(member.client)).find((v) => v.fragment === fragment)).toEqual({
      fragment,
      is_pinned: false,
      name: 'Renamed',
    });
    await deleteNavigationView(member.client, fragment);
    expect((await getNavigationViews(member.client)).some((v) => v.fragment === fragment)).toBe(false);
  });

  it('refuses a blank fragment (BAD_REQUEST), an unknown one (NOT_FOUND) and a name on a built-in view', async () => {
    expect((await apiError(createNavigationView(member.client, { fragment: ' ', is_pinned: true }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await apiError(editNavigationView(member.client, 'narrow/nowhere', { is_pinned: true }))).code).toBe(
      'NOT_FOUND',
    );
    await createNavigationView(member.client, { fragment: 'inbox', is_pinned: false });
    expect((await apiError(editNavigationView(member.client, 'inbox', { name: 'My inbox' }))).code).toBe('BAD_REQUEST');
  });
});

describe('custom profile fields', () => {
  it('an administrator adds a list-of-options field; every client sees it with its choices', async () => {
    const name = unique('Floor');
    const fieldData = { a: { text: 'Ground', order: '1' }, b: { text: 'First', order: '2' } };
    const id = await createProfileField(admin.client, {
      field_type: 3,
      name,
      hint: 'Where you sit',
      field_data: fieldData,
    });
    const field = (await getProfileFields(member.client)).find((f) => f.id === id)!;
    expect(field).toMatchObject({ name, hint: 'Where you sit', type: 3 });
    const data = typeof field.field_data === 'string' ? JSON.parse(field.field_data) : field.field_data;
    expect(data).toEqual(fieldData);
    const e = await apiError(createProfileField(member.client, { field_type: 1, name: unique('No') }));
    expect(['UNAUTHORIZED_PRINCIPAL', 'BAD_REQUEST']).toContain(e.code);
  });
});

describe('code playgrounds', () => {
  it('adds one (in every register after) and deletes it', async () => {
    const name = unique('Rust playground');
    const id = await createPlayground(admin.client, {
      name,
      pygments_language: 'Rust',
      url_template: 'https://play.example/?code={code}',
    });
    const list = async () =>
      (await freshRegister(member, ['realm_playgrounds']))['realm_playgrounds'] as { id: number }[];
    expect((await list()).map((p) => p.id)).toContain(id);
    await deletePlayground(admin.client, id);
    expect((await list()).map((p) => p.id)).not.toContain(id);
    const bad = await apiError(
      createPlayground(admin.client, { name: 'x', pygments_language: 'Go', url_template: 'https://x/{nope}' }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
  });
});

describe('invitation links', () => {
  it('makes a link; an unknown channel is refused', async () => {
    const link = await createInviteLink(admin.client, { invite_expires_in_minutes: 60, invite_as: 400 }, 420);
    expect(new URL(link).origin).toBe(new URL(dev.baseUrl).origin);
    const e = await apiError(createInviteLink(admin.client, { stream_ids: [987_654] }, 420));
    expect(e.code).toBe('BAD_REQUEST');
  });
});

describe('settings and users', () => {
  it('PATCH /settings changes what register reports', async () => {
    await updateSettings(member.client, { enter_sends: true, web_home_view: 'recent_topics' });
    const settings = (await freshRegister(member, ['user_settings']))['user_settings'] as Record<string, unknown>;
    expect(settings).toMatchObject({ enter_sends: true, web_home_view: 'recent_topics' });
  });

  it('GET /users/{email} with profile data', async () => {
    const user = await getUser(member.client, admin.email, { includeCustomProfileFields: true });
    expect(user.user_id).toBe(admin.userId);
    expect(Object.keys(user.profile_data ?? {}).length).toBeGreaterThan(0);
  });
});
