/**
 * The sidebar as a Zulip user of the demo organization finds it, in Chromium: channels grouped
 * by folder (pinned first), the user's pinned navigation view opening its conversation, and a
 * message sent to the empty topic ("general chat") where the channel allows it, and a message
 * waiting in the outbox edited and then called back.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faults } from '../helpers/devserverFaults';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let owner: ZulipUser;

beforeAll(async () => {
  app = await startE2eApp('sidebar-views', undefined, { seed: 'demo', faults: true });
  const o = app.server.byRole(100);
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('sidebar views and folders', () => {
  it('groups channels under their folders, with the rest under Other channels', async () => {
    const channels = app.page.getByRole('navigation', { name: 'Channels' });
    await channels.getByRole('heading', { name: 'Company' }).waitFor({ timeout: UI_TIMEOUT });
    const headings = await channels.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toContain('Product');
    expect(headings.at(-1)).toBe('Other channels');
    await app.page.screenshot({ path: join(ARTIFACTS, 'sidebar-folders.png') });
  });

  it('opens a pinned navigation view from the sidebar', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'CI builds' }).click();
    await page.getByRole('heading', { name: '#engineering > CI' }).waitFor({ timeout: UI_TIMEOUT });
  });

  it('sends to the empty topic, shown as general chat, where the channel allows it', async () => {
    const { page } = app;
    const channels = page.getByRole('navigation', { name: 'Channels' });
    await channels
      .getByRole('button', { name: /^general/ })
      .first()
      .click();
    const topic = page.getByRole('combobox', { name: 'Topic' });
    await expect(topic.getAttribute('placeholder')).resolves.toBe('general chat');
    await page.getByRole('textbox', { name: 'Message' }).fill('A word for everyone, no topic needed');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const general = (await owner.subscriptions()).find((s) => s.name === 'general')!;
    // Without allow_empty_topic_name the server names the empty topic by its display name.
    await expect
      .poll(async () => (await owner.newestMessages([{ operator: 'channel', operand: general.stream_id }], 1))[0], {
        timeout: UI_TIMEOUT,
      })
      .toMatchObject({ content: 'A word for everyone, no topic needed', subject: 'general chat' });
    const empty = await owner.newestMessages([{ operator: 'topic', operand: '' }], 1);
    expect(empty[0]?.content).toBe('A word for everyone, no topic needed');
    await page.getByRole('log').getByText('A word for everyone').waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'general-chat.png') });
  });
});

describe('a new group conversation', () => {
  it('starts from the people picker and reaches both people', async () => {
    const { page } = app;
    const [a, b] = app.server.users.filter((u) => u.role === 400).slice(0, 2);
    await page.getByRole('button', { name: '+ New direct message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New direct message' });
    const box = dialog.getByRole('combobox', { name: 'Add people' });
    await box.pressSequentially(a!.fullName.slice(0, 5));
    await dialog.getByRole('option', { name: new RegExp(a!.fullName) }).waitFor({ timeout: UI_TIMEOUT });
    await box.press('Enter');
    await box.pressSequentially(b!.fullName.slice(0, 5));
    await dialog.getByRole('option', { name: new RegExp(b!.fullName) }).click();
    await page.screenshot({ path: join(ARTIFACTS, 'new-group-dm.png') });
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: UI_TIMEOUT })
      .toBe('compose-message');
    await page.keyboard.type('Hello you two');
    await page.keyboard.press('Enter');
    const bHttp = await ZulipUser.login(app.server.baseUrl, b!.email, b!.password);
    await expect
      .poll(async () => (await bHttp.newestMessages([{ operator: 'is', operand: 'dm' }], 1))[0]?.content, {
        timeout: UI_TIMEOUT,
      })
      .toBe('Hello you two');
    // The group: for b, the others are a and the owner.
    const owner100 = app.server.byRole(100);
    const group = await bHttp.newestMessages([{ operator: 'dm', operand: [a!.userId, owner100.userId] }], 1);
    expect(group[0]?.content).toBe('Hello you two');
  });
});

describe('a message waiting in the outbox', () => {
  it('can be edited or called back before the server has it', async () => {
    const { page } = app;
    const f = faults(app.server);
    // The server turns the send away, twice (the edit sends again at once), asking for ten
    // minutes each time: the message waits in the outbox.
    await f.rateLimitNext(2, { pathPrefix: '/api/v1/messages', method: 'POST', retryAfter: 600 });
    try {
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Wait fot it');
      await box.press('Enter');
      const echo = page.getByRole('log').getByRole('article').filter({ hasText: 'Wait fot it' });
      await echo.getByRole('button', { name: 'Edit' }).waitFor({ timeout: UI_TIMEOUT });
      await echo.getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('textbox', { name: 'Edit unsent message' });
      await editor.fill('Wait for it');
      await page.getByRole('log').getByRole('button', { name: 'Save', exact: true }).click();
      const fixed = page.getByRole('log').getByRole('article').filter({ hasText: 'Wait for it' });
      await fixed.getByText('Sending…').waitFor({ timeout: UI_TIMEOUT });
      await page.screenshot({ path: join(ARTIFACTS, 'outbox-waiting.png') });
      await fixed.getByRole('button', { name: 'Cancel sending' }).click();
      await fixed.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      const newest = await owner.newestMessages([{ operator: 'topic', operand: '' }], 5);
      expect(newest.map((m) => m.content).filter((c) => c.startsWith('Wait f'))).toEqual([]);
    } finally {
      await f.clear();
    }
  });
});
