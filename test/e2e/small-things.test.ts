/**
 * Small things a user notices (#27 item 8), in Chromium: an edit's history shows what changed, a
 * user card's Website is a link, the card's buttons and the sign-out dialog's words fit their
 * boxes, and "Mark channel as read" goes once nothing there is unread.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, sharedChannel, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let channel: { stream_id: number; name: string };
let owner: ZulipUser;

beforeAll(async () => {
  app = await startE2eApp('small-things');
  const o = app.server.byRole(100);
  const m = app.server.users.find((u) => u.fullName === 'Mei Lin')!;
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  const mei = await ZulipUser.login(app.server.baseUrl, m.email, m.password);
  channel = await sharedChannel(owner, mei);
  await owner.markChannelRead(channel.stream_id);
  await mei.sendToTopic(channel.stream_id, 'portfolio', 'My portfolio is up, have a look');
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('small things', () => {
  it('stops offering Mark channel as read once everything there is read', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: new RegExp(`^${channel.name}`) })
      .first()
      .click();
    await page.getByRole('heading', { name: `#${channel.name}`, exact: true }).waitFor({ timeout: UI_TIMEOUT });
    // The one unread message is on screen, so it is read, and the offer goes.
    await page.getByRole('log').getByText('My portfolio is up').waitFor({ timeout: UI_TIMEOUT });
    await expect
      .poll(() => page.getByRole('button', { name: 'Mark channel as read' }).count(), { timeout: UI_TIMEOUT })
      .toBe(0);
  });

  it("links a user card's Website to the address", async () => {
    const { page } = app;
    const article = page.getByRole('log').locator('article', { hasText: 'My portfolio is up' });
    await article.getByRole('button', { name: 'Mei Lin' }).click();
    const card = page.getByRole('dialog', { name: 'User card: Mei Lin' });
    const link = card.getByRole('link', { name: 'https://mei.example.com/portfolio' });
    await link.waitFor({ timeout: UI_TIMEOUT });
    expect(await link.getAttribute('href')).toBe('https://mei.example.com/portfolio');
    // Its buttons stay inside the card (four of them once spilled out of its left edge).
    const cardBox = (await card.boundingBox())!;
    for (const button of await card.getByRole('button').all()) {
      const b = (await button.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(b.x + b.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'small-things-user-card.png') });
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });

  it('fits the sign-out dialog’s words inside its box', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: /^Sign out of/ });
    await dialog.waitFor({ timeout: UI_TIMEOUT });
    const overflow = await dialog.evaluate(
      (d) => [d, ...d.querySelectorAll('p, label, h2, button')].filter((e) => e.scrollWidth > e.clientWidth + 1).length,
    );
    expect(overflow).toBe(0);
    const box = (await dialog.boundingBox())!;
    for (const text of await dialog.locator('p, label').all()) {
      const inner = (await text.boundingBox())!;
      expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'small-things-sign-out.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
  it('shows what an edit changed in the edit history: removed words struck, added ones marked', async () => {
    const { page } = app;
    await owner.sendToTopic(channel.stream_id, 'portfolio', 'The launch is on Monday');
    const log = page.getByRole('log');
    const article = log.locator('article', { hasText: 'The launch is on Monday' });
    await article.waitFor({ timeout: UI_TIMEOUT });
    await article.hover();
    await article.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit message' }).click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('The launch is on Tuesday');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = log.locator('article', { hasText: 'The launch is on Tuesday' });
    await edited.getByRole('button', { name: '(edited)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message edit history' });
    await dialog.locator('ins').first().waitFor({ timeout: UI_TIMEOUT });
    expect(await dialog.locator('del').allTextContents()).toEqual(['Monday']);
    expect(await dialog.locator('ins').allTextContents()).toEqual(['Tuesday']);
    await page.screenshot({ path: join(ARTIFACTS, 'small-things-edit-history.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
