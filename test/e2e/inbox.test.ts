/**
 * Where a Zulip user lands: the Inbox (unread conversations, grouped, DMs first) right after
 * signing in, and Recent conversations; both open a conversation on click.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp('inbox');
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, app.server.byRole(100));
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('Inbox and Recent conversations', () => {
  it('lands on the Inbox, DMs first, and opens a conversation from it', async () => {
    const { page } = app;
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await inbox.waitFor({ timeout: UI_TIMEOUT });
    await inbox.getByRole('list').first().waitFor({ timeout: UI_TIMEOUT });
    // A heading's text is its group's name, then its unread count.
    const headings = await inbox.getByRole('heading', { level: 2 }).locator('.name').allTextContents();
    expect(headings[0]).toBe('Direct messages');
    expect(headings.slice(1).every((h) => h.startsWith('#'))).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'inbox.png') });
    const firstTopic = inbox.getByRole('list', { name: headings[1]! }).getByRole('button').first();
    const topic = (await firstTopic.locator('.title').textContent())!;
    await firstTopic.click();
    await page.getByRole('heading', { name: `${headings[1]} > ${topic}` }).waitFor({ timeout: UI_TIMEOUT });
    // The heading shows before the page of messages arrives; wait for a row rather than count at once.
    await page.getByRole('log').getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
    await expect(page.getByRole('log').getByRole('article').count()).resolves.toBeGreaterThan(0);
  });

  it('collapses a channel group to its header by click and by keyboard, and keeps it collapsed', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Inbox' }).click();
    const inbox = page.getByRole('region', { name: 'Inbox' });
    // allTextContents does not wait: the Inbox is drawn first (a loaded machine read no heading).
    await inbox.getByRole('heading', { level: 2 }).nth(2).waitFor({ timeout: UI_TIMEOUT });
    const names = await inbox.getByRole('heading', { level: 2 }).locator('.name').allTextContents();
    const channel = names[1]!;
    const header = inbox.getByRole('heading', { name: new RegExp(`^${channel}`) }).getByRole('button');
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('true');
    const unreadText = (await header.locator('.visually-hidden').textContent())!;
    expect(unreadText).toMatch(/^\d+ unread$/);
    await header.click();
    await inbox.getByRole('list', { name: channel }).first().waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('false');
    // The collapsed header still says how much is unread there, and the next group follows it.
    await expect(header.locator('.visually-hidden').textContent()).resolves.toBe(unreadText);
    await expect(inbox.getByRole('list', { name: names[2]! }).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'inbox-collapsed.png') });
    // Away to Recent and back: still collapsed.
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('button', { name: 'Recent conversations' }).click();
    await page.getByRole('region', { name: 'Recent conversations' }).waitFor({ timeout: UI_TIMEOUT });
    await views.getByRole('button', { name: 'Inbox' }).click();
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(inbox.getByRole('list', { name: channel }).count()).resolves.toBe(0);
    // By keyboard: Enter on the focused header opens it (the reply shortcut does not take it).
    await header.focus();
    await page.keyboard.press('Enter');
    await inbox.getByRole('list', { name: channel }).first().waitFor({ timeout: UI_TIMEOUT });
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Space');
    await inbox.getByRole('list', { name: channel }).first().waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    // A reload (a restart of the page) keeps it collapsed, as Zulip keeps it in local storage.
    await page.reload();
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Inbox' }).click();
    await inbox.getByRole('list').first().waitFor({ timeout: UI_TIMEOUT });
    await expect(header.getAttribute('aria-expanded')).resolves.toBe('false');
    await header.click();
    await inbox.getByRole('list', { name: channel }).first().waitFor({ timeout: UI_TIMEOUT });
  });

  it('lists recent conversations newest first, with their participants and last-message time', async () => {
    const { page } = app;
    const member = app.server.byRole(400);
    const memberHttp = await ZulipUser.login(app.server.baseUrl, member.email, member.password);
    const general = (await memberHttp.subscriptions()).find((s) => s.name === 'general')!;
    await memberHttp.sendToTopic(general.stream_id, 'who was here', 'Anyone around?');
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Recent conversations' }).click();
    const recent = page.getByRole('region', { name: 'Recent conversations' });
    // The newest conversation comes first, with who wrote there and when (from main's cache).
    const first = recent.getByRole('listitem').first();
    await first.getByText(`Participants: ${member.fullName}.`).waitFor({ timeout: UI_TIMEOUT });
    await expect(first.locator('.title').textContent()).resolves.toBe('who was here');
    // The rest arrive with the first sync (a sign-in this test started may still be in it).
    await expect.poll(() => recent.getByRole('listitem').count(), { timeout: UI_TIMEOUT }).toBeGreaterThan(5);
    await expect(first.locator('time').textContent()).resolves.toBe('Just now');
    await expect(first.locator('time').getAttribute('title')).resolves.toMatch(/\d/);
    // The user answers there: the row now names them first, the most recent sender.
    const owner = app.server.byRole(100);
    const ownerHttp = await ZulipUser.login(app.server.baseUrl, owner.email, owner.password);
    await ownerHttp.sendToTopic(general.stream_id, 'who was here', 'I am.');
    await first.getByText(`Participants: ${owner.fullName}, ${member.fullName}.`).waitFor({ timeout: UI_TIMEOUT });
    // Older rows say how long ago, as Zulip does ("3 days ago", "Yesterday", a date...).
    const times = await recent.locator('time').allTextContents();
    expect(times.length).toBeGreaterThan(5);
    expect(
      times.every((t) =>
        /^(Just now|\d+ minutes ago|An hour ago|\d+ hours ago|Yesterday|\d+ days ago|\w{3} \d+(, \d{4})?)$/.test(t),
      ),
    ).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'recent.png') });
  });

  it('shows followed topics, and mentions through search', async () => {
    const { page } = app;
    const owner = app.server.byRole(100);
    const http = await ZulipUser.login(app.server.baseUrl, owner.email, owner.password);
    const general = (await http.subscriptions()).find((s) => s.name === 'general')!;
    await http.sendToTopic(general.stream_id, 'followed here', 'a topic to follow');
    await fetch(`${app.server.baseUrl}/api/v1/user_topics`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${owner.email}:${http.apiKey}`).toString('base64')}` },
      body: new URLSearchParams({
        stream_id: String(general.stream_id),
        topic: 'followed here',
        visibility_policy: '3',
      }),
    });
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('button', { name: 'Followed topics' }).click();
    const followed = page.getByRole('region', { name: 'Followed topics' });
    await followed.getByRole('button', { name: /^#general followed here/ }).waitFor({ timeout: UI_TIMEOUT });
    await views.getByRole('button', { name: 'Mentions' }).click();
    // The search screen's code may still be loading (views/lazyScreens.ts): wait, do not sample once.
    await page.getByRole('heading', { name: 'Mentions' }).waitFor({ timeout: UI_TIMEOUT });
  });
});
