/**
 * The message list as Zulip draws it, in Chromium against the dev server (#27 item 3): recipient
 * bars in the channel's colour that open their narrow, the sender named once for consecutive
 * messages, "You and …" over a DM, and unread markers that fade once the messages are read.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, sharedChannel, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let owner: ZulipUser;
let amir: ZulipUser;
let channel: { stream_id: number; name: string };
const ids: number[] = [];

beforeAll(async () => {
  app = await startE2eApp('zulip-message-list');
  const o = app.server.byRole(100);
  const a = app.server.byRole(200);
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  amir = await ZulipUser.login(app.server.baseUrl, a.email, a.password);
  channel = await sharedChannel(owner, amir);
  // The channel opens at its first unread message: make that the first of the ones sent here.
  await owner.markChannelRead(channel.stream_id);
  ids.push(await amir.sendToTopic(channel.stream_id, 'lunch plans', 'Pizza at noon?'));
  ids.push(await amir.sendToTopic(channel.stream_id, 'lunch plans', 'Or the noodle place.'));
  ids.push(await amir.sendToTopic(channel.stream_id, 'release notes', 'Draft is up for review.'));
  ids.push(await amir.sendToTopic(channel.stream_id, 'lunch plans', 'Decided: noodles.'));
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the message list as Zulip draws it', () => {
  it('groups messages under coloured recipient bars, names a sender once, and fades unread markers', async () => {
    const { page } = app;
    // Note every message that is drawn unread, however briefly: reading starts as soon as it shows.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seenUnread: Set<string> }).seenUnread = seen;
      new MutationObserver(() => {
        for (const a of document.querySelectorAll('article.unread')) seen.add(a.getAttribute('data-message-id')!);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: new RegExp(`^${channel.name}`) })
      .first()
      .click();
    const log = page.getByRole('log', { name: `#${channel.name}` });
    await log.getByRole('button', { name: `#${channel.name} > release notes` }).waitFor({ timeout: UI_TIMEOUT });

    // The newest three groups: lunch plans (2 messages), release notes, lunch plans again.
    const bars = log.locator('[data-recipient-bar]');
    const last = await bars.evaluateAll((all) =>
      all.slice(-3).map((bar) => ({
        // Without the topic menu's ⋯ button.
        text: bar.textContent!.replace('⋯', '').replace(/\s+/g, ' ').trim(),
        background: getComputedStyle(bar).backgroundColor,
      })),
    );
    expect(last.map((b) => b.text)).toEqual([
      expect.stringMatching(new RegExp(`^#${channel.name} › lunch plans`)),
      `#${channel.name} › release notes`,
      `#${channel.name} › lunch plans`,
    ]);
    // The same day's later bars leave the date out (the first shows it only after another day).
    // Tinted with the channel's colour, not the page's white.
    expect(last[0]!.background).not.toBe('rgb(255, 255, 255)');
    expect(last[0]!.background).not.toBe('rgba(0, 0, 0, 0)');

    // The second message of the first group continues the first: no name again.
    const senderOf = (id: number) => log.locator(`article[data-message-id="${id}"] .sender`);
    await expect.poll(() => senderOf(ids[0]!).count()).toBe(1);
    expect(await senderOf(ids[1]!).count()).toBe(0);
    // A new group names the sender again.
    expect(await senderOf(ids[2]!).count()).toBe(1);

    await page.screenshot({ path: join(ARTIFACTS, 'zulip-message-list-channel.png') });

    // The new messages were drawn unread, are read by being on screen, and their markers fade out.
    const seen = await page.evaluate(() => [...(window as unknown as { seenUnread: Set<string> }).seenUnread]);
    expect(seen).toEqual(expect.arrayContaining(ids.map(String)));
    await expect.poll(() => owner.unreadIn(channel.stream_id, 'lunch plans'), { timeout: UI_TIMEOUT }).toEqual([]);
    const marker = log.locator(`article[data-message-id="${ids[3]}"] .unread-marker`);
    await expect.poll(() => marker.evaluate((m) => getComputedStyle(m).opacity), { timeout: UI_TIMEOUT }).toBe('0');
  });

  it('opens the topic from its bar', async () => {
    const { page } = app;
    const log = page.getByRole('log', { name: `#${channel.name}` });
    await log.getByRole('button', { name: `#${channel.name} > release notes` }).click();
    await page.getByRole('heading', { name: `#${channel.name} > release notes` }).waitFor({ timeout: UI_TIMEOUT });
    const bars = page.getByRole('log').locator('[data-recipient-bar]');
    await expect.poll(() => bars.count()).toBe(1);
  });

  it('heads a DM with "You and" the other people', async () => {
    const { page } = app;
    const o = app.server.byRole(100);
    const a = app.server.byRole(200);
    // A new group conversation, so its one message opens under its own bar.
    const others = app.server.users.filter((u) => u.userId !== o.userId && u.userId !== a.userId).slice(0, 2);
    const peers = [a, ...others].sort((x, y) => x.userId - y.userId);
    const names = peers.map((u) => u.fullName).join(', ');
    await amir.sendDirect([o.userId, ...others.map((u) => u.userId)], 'Are you all coming to lunch?');
    await page
      .getByRole('navigation', { name: 'Direct messages' })
      .getByRole('button', { name: new RegExp(`^${names}( \\d+)?$`) })
      .click();
    const log = page.getByRole('log', { name: names });
    await log.getByRole('button', { name: `You and ${names}` }).waitFor({ timeout: UI_TIMEOUT });
    await log.getByText('Are you all coming to lunch?').waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'zulip-message-list-dm.png') });
  });
});
