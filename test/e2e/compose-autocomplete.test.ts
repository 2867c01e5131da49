/**
 * Compose as a Zulip user types it, in Chromium: `@` completes a person, `:` an emoji, `#` a
 * channel and then a topic; the emoji button and the reaction picker offer every emoji,
 * searchable. The server is the oracle: what it stored is what the user picked.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let owner: ZulipUser;
let generalId: number;
const TOPIC = 'autocomplete';

beforeAll(async () => {
  app = await startE2eApp('compose-autocomplete');
  const o = app.server.byRole(100);
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  generalId = (await owner.subscriptions()).find((s) => s.name === 'general')!.stream_id;
  await owner.sendToTopic(generalId, TOPIC, 'Where should we put the autocomplete?');
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
  const channels = app.page.getByRole('navigation', { name: 'Channels' });
  await channels.getByRole('button', { name: 'Topics in general' }).click();
  await channels
    .getByRole('list', { name: 'Topics in general' })
    .getByRole('button', { name: TOPIC, exact: true })
    .click();
  await app.page.getByRole('log').getByText('Where should we put').waitFor({ timeout: UI_TIMEOUT });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('compose autocomplete and the emoji picker', () => {
  it('completes a mention, an emoji and a topic link, and the server stores Zulip syntax', async () => {
    const { page } = app;
    const member = app.server.users.find((u) => u.role === 400 && !u.email.includes('bot'))!;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially(`Thanks @${member.fullName.slice(0, 4)}`);
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list
      .getByRole('option', { name: new RegExp(member.fullName) })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'compose-mention.png') });
    await page.keyboard.press('Enter');
    await box.pressSequentially('see #gen');
    await list
      .getByRole('option', { name: /#general/ })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Tab');
    await box.pressSequentially(`>${TOPIC.slice(0, 4)}`);
    await list.getByRole('option', { name: new RegExp(`^${TOPIC}`) }).waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await box.pressSequentially(':tad');
    await list.getByRole('option', { name: /:tada:/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'compose-emoji.png') });
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe(`Thanks @**${member.fullName}** see #**general>${TOPIC}** :tada: `);
    await page.keyboard.press('Enter');

    await expect
      .poll(async () => (await owner.newestMessages([{ operator: 'topic', operand: TOPIC }], 1))[0]?.content, {
        timeout: UI_TIMEOUT,
      })
      .toBe(`Thanks @**${member.fullName}** see #**general>${TOPIC}** :tada:`);
    const row = page.getByRole('log').getByRole('article').filter({ hasText: 'Thanks' });
    await row.locator('.user-mention').first().waitFor({ timeout: UI_TIMEOUT });
    await expect(row.getByRole('img', { name: 'tada' }).textContent()).resolves.toBe('🎉');
  });

  it('inserts any emoji from the searchable picker, and reacts with one found by search', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Launch ');
    await page.getByRole('button', { name: 'Add emoji' }).click();
    const picker = page.getByRole('group', { name: 'Insert emoji' });
    await picker.getByRole('region', { name: 'Travel & Places' }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'compose-picker.png') });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket');
    await picker.getByRole('region', { name: 'Search results' }).getByRole('button', { name: ':rocket:' }).click();
    expect(await box.inputValue()).toBe('Launch :rocket: ');
    await box.fill('');

    const theirs = page.getByRole('log').getByRole('article').filter({ hasText: 'Where should we put' });
    await theirs.hover();
    await theirs.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Add reaction' }).click();
    const reactions = page.getByRole('group', { name: 'Choose a reaction' });
    await reactions.getByRole('searchbox', { name: 'Search emoji' }).fill('octopus');
    await page.screenshot({ path: join(ARTIFACTS, 'reaction-search.png') });
    await page.keyboard.press('Enter');
    await theirs.getByRole('button', { name: /octopus: 1, including you/ }).waitFor({ timeout: UI_TIMEOUT });
  });

  it('finds emoji by emoji-datasource’s names but inserts and reacts with the server’s (Zulip’s) names', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('ok :slightly_smiling');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option', { name: /:smile:/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('ok :smile: ');
    await box.fill('');

    const theirs = page.getByRole('log').getByRole('article').filter({ hasText: 'Where should we put' });
    await theirs.hover();
    await theirs.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Add reaction' }).click();
    const reactions = page.getByRole('group', { name: 'Choose a reaction' });
    await reactions.getByRole('searchbox', { name: 'Search emoji' }).fill('thinking_face');
    await reactions
      .getByRole('region', { name: 'Search results' })
      .getByRole('button', { name: ':thinking:' })
      .waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'reaction-zulip-name.png') });
    await page.keyboard.press('Enter');
    await theirs.getByRole('button', { name: /^thinking: 1, including you/ }).waitFor({ timeout: UI_TIMEOUT });
    const [stored] = (await owner.newestMessages([{ operator: 'topic', operand: TOPIC }], 50)).filter((m) =>
      m.content.startsWith('Where should we put'),
    );
    expect((stored as unknown as { reactions: unknown[] }).reactions).toContainEqual(
      expect.objectContaining({ emoji_name: 'thinking', emoji_code: '1f914', reaction_type: 'unicode_emoji' }),
    );
  });
});
