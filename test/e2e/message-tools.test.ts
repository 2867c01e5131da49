/**
 * What a Zulip user does with a message, in Chromium against the dev server: read its edit
 * history, quote and reply to it, open the sender's (or a mentioned user's) card, from which
 * a direct message starts, and run a code block in the organization's code playground.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser } from '../../devserver/spawn';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let owner: ZulipUser;
let member: DevServerUser;
let memberHttp: ZulipUser;
let editedId: number;
const TOPIC = 'message tools';

beforeAll(async () => {
  app = await startE2eApp('message-tools');
  const o = app.server.byRole(100);
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  member = app.server.byRole(400);
  memberHttp = await ZulipUser.login(app.server.baseUrl, member.email, member.password);
  const general = (await memberHttp.subscriptions()).find((s) => s.name === 'general')!;
  editedId = await memberHttp.sendToTopic(general.stream_id, TOPIC, 'The launch is on Tuesday');
  await fetch(`${app.server.baseUrl}/api/v1/messages/${editedId}`, {
    method: 'PATCH',
    headers: { Authorization: `Basic ${Buffer.from(`${member.email}:${memberHttp.apiKey}`).toString('base64')}` },
    body: new URLSearchParams({ content: 'The launch is on **Wednesday**' }),
  });
  await memberHttp.sendToTopic(general.stream_id, TOPIC, `Ask @**${o.fullName}** about it`);
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
  const channels = app.page.getByRole('navigation', { name: 'Channels' });
  await channels.getByRole('button', { name: 'Topics in general' }).click();
  await channels
    .getByRole('list', { name: 'Topics in general' })
    .getByRole('button', { name: TOPIC, exact: true })
    .click();
  await app.page.getByRole('log').getByText('Ask').waitFor({ timeout: UI_TIMEOUT });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

function article(text: string) {
  return app.page.getByRole('log').getByRole('article').filter({ hasText: text });
}

describe('message tools', () => {
  it('shows the edit history from the (edited) marker', async () => {
    const { page } = app;
    await article('launch is on').getByRole('button', { name: '(edited)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message edit history' });
    await dialog.getByText('Original, by').waitFor({ timeout: UI_TIMEOUT });
    await expect(dialog.getByRole('listitem').count()).resolves.toBe(2);
    await expect(dialog.getByRole('listitem').first().textContent()).resolves.toContain('Tuesday');
    await expect(dialog.getByRole('listitem').last().textContent()).resolves.toContain('Wednesday');
    await page.screenshot({ path: join(ARTIFACTS, 'edit-history.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });

  it('quotes and replies, and the server stores Zulip’s quote syntax', async () => {
    const { page } = app;
    const row = article('launch is on');
    await row.hover();
    await row.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Quote and reply' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT }).toContain('```quote');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('compose-message');
    await box.press('End');
    await box.pressSequentially('Works for me.');
    await page.screenshot({ path: join(ARTIFACTS, 'quote-reply.png') });
    await box.press('Control+End');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await owner.newestMessages([{ operator: 'topic', operand: TOPIC }], 1))[0]?.content, {
        timeout: UI_TIMEOUT,
      })
      .toMatch(
        new RegExp(
          `^@_\\*\\*${member.fullName}\\|${member.userId}\\*\\* \\[said\\]\\(.*/near/${editedId}\\):\\n\`\`\`quote\\nThe launch is on \\*\\*Wednesday\\*\\*\\n\`\`\`\\n?Works for me\\.$`,
        ),
      );
    await article('Works for me').locator('blockquote').waitFor({ timeout: UI_TIMEOUT });
  });

  it('opens user cards from a sender and a mention, and starts a DM from one', async () => {
    const { page } = app;
    await article('Ask').locator('.user-mention[role="button"]').click();
    const selfCard = page.getByRole('dialog', { name: /^User card: / });
    await selfCard.getByText('(you)').waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Escape');

    // The first of the member's run carries the sender's name (the next ones continue it).
    await article('launch is on').first().getByRole('button', { name: member.fullName, exact: true }).click();
    const card = page.getByRole('dialog', { name: `User card: ${member.fullName}` });
    await card.getByText(member.email).waitFor({ timeout: UI_TIMEOUT });
    await expect(card.getByText('Member', { exact: true }).count()).resolves.toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'user-card.png') });
    await card.getByRole('button', { name: 'Send direct message' }).click();
    await page.getByRole('heading', { name: member.fullName }).waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
  });
  it('links a code block to the organization’s playground for its language', async () => {
    const { page } = app;
    const o = app.server.byRole(100);
    const auth = `Basic ${Buffer.from(`${o.email}:${owner.apiKey}`).toString('base64')}`;
    const added = await fetch(`${app.server.baseUrl}/api/v1/realm/playgrounds`, {
      method: 'POST',
      headers: { Authorization: auth },
      body: new URLSearchParams({
        name: 'Py sandbox',
        pygments_language: 'python',
        url_template: 'https://play.example/run?code={code}',
      }),
    });
    expect(added.status).toBe(200);
    const general = (await memberHttp.subscriptions()).find((s) => s.name === 'general')!;
    await page.getByRole('heading', { name: member.fullName }).waitFor({ timeout: UI_TIMEOUT });
    await memberHttp.sendToTopic(general.stream_id, 'playground', '```python\nprint("hi")\n```');
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('list', { name: 'Topics in general' })
      .getByRole('button', { name: 'playground', exact: true })
      .click();
    const link = page.getByRole('log').getByRole('link', { name: 'View in Py sandbox' });
    await link.waitFor({ timeout: UI_TIMEOUT });
    await expect(link.getAttribute('href')).resolves.toBe('https://play.example/run?code=print%28%22hi%22%29');
    await page.screenshot({ path: join(ARTIFACTS, 'playground-link.png') });
  });
});
