/**
 * The Combined feed in Chromium (issue 26, item 3): `a` and the sidebar link open it; it holds
 * channel messages and DMs together, with recipient bars, and leaves out what Zulip's muting
 * rules leave out: a muted topic, a muted channel, except a topic unmuted there. Compose has no
 * conversation there until the user replies to a message.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api } from '../devserver/support';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';

let app: E2eApp;
let page: Page;
let ownerApi: Api & { userId: number };
let memberApi: Api;
const run = Date.now().toString(36);
const text = {
  plain: `Plain topic ${run}`,
  dm: `A direct message ${run}`,
  mutedTopic: `In a muted topic ${run}`,
  mutedChannel: `In a muted channel ${run}`,
  unmutedThere: `Unmuted in the muted channel ${run}`,
};

async function channelId(api: Api, name: string): Promise<number> {
  return (await api.ok('GET', '/get_stream_id', { stream: name }))['stream_id'] as number;
}

const send = (to: string, topic: string, content: string) =>
  memberApi.ok('POST', '/messages', { type: 'channel', to, topic, content });

const log = () => page.getByRole('log');
const mainLabel = (): Promise<string | null> => page.locator('main').getAttribute('aria-label');

beforeAll(async () => {
  app = await startE2eApp('combined-feed');
  page = app.page;
  ownerApi = await login(app.server, app.server.byRole(100));
  memberApi = await login(app.server, app.server.byRole(400));
  const general = await channelId(ownerApi, 'general');
  const muted = await channelId(ownerApi, 'announcements');
  await memberApi.ok('POST', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'announcements' }]) });
  await send('general', `plain ${run}`, text.plain);
  await send('general', `noise ${run}`, text.mutedTopic);
  await send('announcements', `quiet ${run}`, text.mutedChannel);
  await send('announcements', `kept ${run}`, text.unmutedThere);
  await memberApi.ok('POST', '/messages', { type: 'direct', to: `[${ownerApi.userId}]`, content: text.dm });
  await ownerApi.ok('POST', '/user_topics', { stream_id: general, topic: `noise ${run}`, visibility_policy: 1 });
  await ownerApi.ok('POST', '/users/me/subscriptions/properties', {
    subscription_data: JSON.stringify([{ stream_id: muted, property: 'is_muted', value: true }]),
  });
  await ownerApi.ok('POST', '/user_topics', { stream_id: muted, topic: `kept ${run}`, visibility_policy: 2 });
  // Read: the feed opens at its newest end (with unread messages it opens at the oldest unread one).
  await ownerApi.ok('POST', '/mark_all_as_read');
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
}, 180_000);
afterAll(async () => {
  await app?.close();
});

describe('the Combined feed', () => {
  it('`a` opens it: channel messages and DMs together, without what the user muted', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('a');
    await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe('Combined feed');
    for (const shown of [text.plain, text.dm, text.unmutedThere]) {
      await log().getByText(shown).waitFor({ timeout: UI_TIMEOUT });
    }
    expect(await log().getByText(text.mutedTopic).count()).toBe(0);
    expect(await log().getByText(text.mutedChannel).count()).toBe(0);
    const link = page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Combined feed' });
    expect(await link.getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: join(ARTIFACTS, 'combined-feed-01.png') });
  });

  it('compose waits for a conversation; r on a message replies in its topic', async () => {
    const row = log().locator('article[data-message-id]').filter({ hasText: text.plain });
    await row.focus();
    await page.keyboard.press('r');
    await expect
      .poll(() => page.locator('#compose-message').getAttribute('placeholder'), { timeout: UI_TIMEOUT })
      .toContain(`plain ${run}`);
    await page.keyboard.press('Escape');
  });

  it('the sidebar link opens it again from another view', async () => {
    await page.keyboard.press('t');
    await expect.poll(mainLabel).toBe('Screen');
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Combined feed' }).click();
    await expect.poll(mainLabel, { timeout: UI_TIMEOUT }).toBe('Combined feed');
    await log().getByText(text.dm).waitFor({ timeout: UI_TIMEOUT });
  });
});
