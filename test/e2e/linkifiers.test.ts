/**
 * Linkifiers in Chromium against the dev server: a topic named with an issue number links to
 * the demo's tracker in the message list's topic heading and in the conversation title (opened
 * outside the app: target _blank), the issue number in the message text is linked as the server
 * rendered it (#24 item 3), and a linkifier an administrator adds elsewhere links the title at once.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUser, unique } from './screens-support';
import { ARTIFACTS, UI_TIMEOUT, sharedChannel, signInThroughUi, startE2eApp, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let e2e: E2eApp;
let page: Page;
let channel: { stream_id: number; name: string };
const topic = `${unique('release')} #42 RFC9110`;
const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });

beforeAll(async () => {
  e2e = await startE2eApp('linkifiers');
  page = e2e.page;
  const owner = e2e.server.byRole(100);
  const member = e2e.server.byRole(400);
  const ownerZulip = await ZulipUser.login(e2e.server.baseUrl, owner.email, owner.password);
  const memberZulip = await ZulipUser.login(e2e.server.baseUrl, member.email, member.password);
  channel = await sharedChannel(ownerZulip, memberZulip);
  // Read already, so the channel opens at its newest messages, this topic's among them.
  await ownerZulip.markChannelRead(channel.stream_id);
  await memberZulip.sendToTopic(channel.stream_id, topic, 'Shipping the fix for #42');
  await page.goto(e2e.host.url);
  await signInThroughUi(page, e2e.server.baseUrl, owner);
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

describe('linkifiers', () => {
  it('links the topic in its heading and in the title, to open outside the app', async () => {
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: channel.name, exact: true })
      .click();
    const heading = page.getByRole('log').getByRole('link', { name: '#42 ↗' }).first();
    await visible(page.getByRole('log').getByText('Shipping the fix for #42'));
    await page.screenshot({ path: join(ARTIFACTS, 'linkifiers-0-channel.png') });
    await visible(heading);
    expect(await heading.getAttribute('href')).toBe('https://tracker.example.org/parley/issues/42');
    expect(await heading.getAttribute('target')).toBe('_blank');
    expect(await heading.getAttribute('rel')).toContain('noopener');

    await page
      .getByRole('log')
      .getByRole('button', { name: `#${channel.name} > ${topic}` })
      .first()
      .click();
    const title = page.getByRole('heading', { level: 1 });
    await visible(title.getByRole('link', { name: '#42 ↗' }));
    expect(await title.getByRole('link').count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'linkifiers-1-topic.png') });
  });

  it('links an issue number in the message text as the server rendered it, to open outside the app', async () => {
    const inText = page.getByRole('log').getByRole('link', { name: '#42', exact: true }).first();
    await visible(inText);
    expect(await inText.getAttribute('href')).toBe('https://tracker.example.org/parley/issues/42');
    expect(await inText.getAttribute('target')).toBe('_blank');
    expect(await inText.getAttribute('rel')).toContain('noopener');
    await inText.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'linkifiers-3-content.png') });
  });

  it('links with a linkifier an administrator adds elsewhere', async () => {
    const admin = e2e.server.byRole(200);
    const adminHttp = await ApiUser.login(e2e.server.baseUrl, admin.email, admin.password);
    await adminHttp.post('/realm/filters', {
      pattern: 'RFC(?P<num>[0-9]+)',
      url_template: 'https://www.rfc-editor.org/rfc/rfc{num}',
    });
    const rfc = page.getByRole('heading', { level: 1 }).getByRole('link', { name: 'RFC9110 ↗' });
    await visible(rfc);
    expect(await rfc.getAttribute('href')).toBe('https://www.rfc-editor.org/rfc/rfc9110');
    await page.screenshot({ path: join(ARTIFACTS, 'linkifiers-2-added.png') });
  });
});
