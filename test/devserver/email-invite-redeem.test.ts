/**
 * An emailed invitation redeemed, as on Zulip: POST /invites records the mail (listed at /emails/)
 * with its /accounts/do_confirm/<key> link; the link's form is for that address only; signing up
 * creates the account with the invitation's role and channels, the invitation leaves the pending
 * list, and administrators and the sender get `invites_changed` at each step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { loginRole, openQueue, type Client } from './records-support';
import { Api, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  [owner, admin, member] = await Promise.all([loginRole(server, 100), loginRole(server, 200), loginRole(server, 400)]);
});
afterAll(() => server.stop());

/** The newest confirmation link mailed to `email`, read from the /emails/ page. */
async function mailedLink(email: string): Promise<string> {
  const html = await (await fetch(new URL('/emails/', server.baseUrl))).text();
  const article = html.split('<article').find((part) => part.includes(`data-to="${email}"`));
  const link = article?.match(/https?:\/\/[^\s<]+\/accounts\/do_confirm\/[a-z0-9]{24}/)?.[0];
  if (!link) throw new Error(`No invitation mail to ${email}:\n${html}`);
  return link;
}

describe('an emailed invitation', () => {
  it('is mailed, redeemed for its own address with its role and channels, and leaves the list', async () => {
    const subs = (await owner.ok('GET', '/users/me/subscriptions'))['subscriptions'] as Obj[];
    const channel = subs.find((s) => s['name'] === 'general')!;
    const [adminQueue, memberQueue] = await Promise.all([openQueue(admin), openQueue(member)]);
    await owner.ok('POST', '/invites', {
      invitee_emails: 'ines@partner.example',
      invite_as: 300,
      stream_ids: JSON.stringify([channel['stream_id']]),
    });
    expect(await adminQueue.drainTypes('invites_changed')).toEqual([
      expect.objectContaining({ type: 'invites_changed' }),
    ]);
    expect(await memberQueue.drainTypes('invites_changed')).toEqual([]);
    const pending = (await admin.ok('GET', '/invites'))['invites'] as Obj[];
    expect(pending.map((i) => i['email'])).toContain('ines@partner.example');

    const link = await mailedLink('ines@partner.example');
    expect(link.startsWith(`${server.baseUrl}/accounts/do_confirm/`)).toBe(true);
    const form = await fetch(link);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('a moderator');
    expect(html).toMatch(/value="ines@partner\.example" readonly/);

    // Another address typed into the form does not change whose invitation it is.
    const key = link.split('/').pop()!;
    const res = await fetch(new URL('/accounts/register/', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key,
        email: 'someone@else.example',
        full_name: 'Inês Duarte',
        password: 'secret-pass',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const body = await new Api(server.baseUrl).ok('POST', '/fetch_api_key', {
      username: 'ines@partner.example',
      password: 'secret-pass',
    });
    const ines = new Api(server.baseUrl, { email: body['email'] as string, apiKey: body['api_key'] as string });
    const me = await ines.ok('GET', '/users/me');
    expect(me).toMatchObject({ full_name: 'Inês Duarte', role: 300 });
    const hers = (await ines.ok('GET', '/users/me/subscriptions'))['subscriptions'] as Obj[];
    expect(hers.map((s) => s['name'])).toContain('general');

    expect(await adminQueue.drainTypes('invites_changed')).toHaveLength(1);
    const after = (await admin.ok('GET', '/invites'))['invites'] as Obj[];
    expect(after.map((i) => i['email'])).not.toContain('ines@partner.example');
    // Used once: the link now gets Zulip's expired-or-deactivated page.
    expect((await fetch(link)).status).toBe(404);
  });
});
