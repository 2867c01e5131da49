/**
 * A channel's subscriber list in channel settings, in the real UI, against a dev server that treats
 * every channel of 3 or more people as big: register gives those only part of their lists (bots
 * only, here), so the list on screen is what the core fetched when it opened. Someone joining over
 * HTTP reaches the open list through the event queue; with the server's list request dropped, the
 * screen says only part is shown and fetches the rest on "Try again".
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { faults } from '../helpers/devserverFaults';
import { ApiUser, screenHelpers } from './screens-support';
import { UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let memberHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;
const poll = { timeout: UI_TIMEOUT };

beforeAll(async () => {
  e2e = await startE2eApp('channel-subscribers', undefined, {
    seed: 'demo',
    args: ['--full-subscriber-lists-below', '3', '--partial-subscriber-days', '0'],
    faults: true,
  });
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'channel-subscribers');
  const member = server.byRole(400);
  memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, member);
});
afterAll(async () => {
  await e2e?.close();
});

const subscribers = (): Locator => page.getByRole('region', { name: 'Subscribers' });
const rows = (): Locator =>
  subscribers().getByRole('list', { name: 'Subscribers of this channel' }).getByRole('listitem');
async function channelId(name: string): Promise<number> {
  return Number((await memberHttp.get('/get_stream_id', { stream: name }))['stream_id']);
}
/** The server's list of the channel as names, in the order the screen lists them. */
async function namesOnServer(name: string): Promise<string[]> {
  const ids = (await memberHttp.get(`/streams/${await channelId(name)}/members`))['subscribers'] as number[];
  const names = new Map(server.users.map((u) => [u.userId, u.fullName]));
  return ids.map((id) => names.get(id)!).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}
const shownNames = (): Promise<string[]> => rows().evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));

describe('the subscriber list of a big channel', () => {
  it('shows every subscriber although register gave only part, and follows someone joining', async () => {
    const whole = await namesOnServer('partners');
    // Register's part: no person at all (bots only), so every name on screen was fetched.
    const part = (await memberHttp.post('/register', {
      fetch_event_types: JSON.stringify(['subscription']),
      include_subscribers: 'partial',
    })) as { subscriptions: { name: string; partial_subscribers?: number[] }[] };
    expect(part.subscriptions.find((s) => s.name === 'partners')?.partial_subscribers).toEqual([]);

    await ui.menu('Channel options for partners', 'Channel settings');
    await ui.visible(subscribers().getByText(`${whole.length} subscribers`, { exact: true }));
    await expect.poll(shownNames, poll).toEqual(whole);
    await ui.shoot('partners');

    const inside = new Set(whole);
    const newcomer = server.users.find((u) => u.role <= 400 && !inside.has(u.fullName))!;
    const theirs = await ApiUser.login(server.baseUrl, newcomer.email, newcomer.password);
    await theirs.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'partners' }]) });
    await ui.visible(subscribers().getByText(`${whole.length + 1} subscribers`, { exact: true }));
    await expect.poll(shownNames, poll).toContain(newcomer.fullName);

    await subscribers().getByRole('searchbox', { name: 'Filter subscribers' }).fill(newcomer.fullName);
    await expect.poll(shownNames, poll).toEqual([newcomer.fullName]);
  });

  it('says when the rest could not be fetched, and fetches it on "Try again"', async () => {
    const whole = await namesOnServer('random');
    await faults(server).dropNext(1, { pathPrefix: `/api/v1/streams/${await channelId('random')}/members` });
    await ui.menu('Channel options for random', 'Channel settings');
    const status = subscribers().getByRole('status');
    await ui.visible(status.getByText(`The list of ${whole.length} subscribers could not be fetched from the server.`));
    await ui.shoot('random-offline');
    await status.getByRole('button', { name: 'Try again' }).click();
    await ui.visible(subscribers().getByText(`${whole.length} subscribers`, { exact: true }));
    await expect.poll(shownNames, poll).toEqual(whole);
  });
});
