/**
 * Alert words and mentions where the user reads messages, end to end (Chromium → bridge host →
 * core → dev server, another person over plain HTTP): an alert word is highlighted in the message
 * list and in search results, messages that hold one or mention the user carry a marked bar, and
 * is:alerted / is:mentioned search finds them. Also the organization screen's profile values:
 * a Markdown field shows the server's rendering, not its source.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers } from './screens-support';
import { openChannelFromSidebar, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let owner: DevServerUser;
let memberHttp: ApiUser;
let ownerHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;
const word = `quokka${Date.now().toString(36)}`;
const topic = `alerts ${Date.now().toString(36)}`;
const alertText = `The ${word.toUpperCase()} review is at noon; \`${word}\` in code stays plain.`;
const mentionText = 'could you look at the release notes?';

const article = (scope: Locator, text: string): Locator => scope.getByRole('article').filter({ hasText: text });
/** Highlighted alert words (playwright-core's role names do not list ARIA 1.3's "mark" yet). */
const marks = (scope: Locator): Locator => scope.locator('mark.alert-word');

beforeAll(async () => {
  e2e = await startE2eApp('alert-words-in-messages');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'alert-words-in-messages');
  owner = server.byRole(100);
  const member = server.byRole(400);
  memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
  ownerHttp = await ApiUser.login(server.baseUrl, owner.email, owner.password);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
});

afterAll(async () => {
  await e2e?.close();
});

describe('alert words and mentions in messages', () => {
  it('highlights an alert word and marks the messages that hold one or mention the user', async () => {
    await ui.goTo('Alert words');
    await page.getByRole('textbox', { name: 'Word or phrase' }).fill(word);
    await page.getByRole('button', { name: 'Add alert word' }).click();
    await ui.visible(page.getByRole('list', { name: 'Your alert words' }).getByRole('listitem', { name: word }));

    // Everything older read, so #general opens at these two (a narrow opens at its first unread).
    await ownerHttp.post('/mark_all_as_read', {});
    await memberHttp.post('/messages', { type: 'channel', to: 'general', topic, content: alertText });
    await memberHttp.post('/messages', {
      type: 'channel',
      to: 'general',
      topic,
      content: `@**${owner.fullName}** ${mentionText}`,
    });
    // Once the sidebar counts just these two, the client has the mark-all-read too (events come
    // in order), and #general opens at them rather than at an older first unread far above.
    const general = ui.channels().getByRole('button', { name: 'general', exact: true });
    await ui.visible(general.locator('xpath=..').getByText('2 unread', { exact: true }));
    await openChannelFromSidebar(page, 'general');
    const log = page.getByRole('log');
    const alerted = article(log, 'review is at noon');
    await ui.visible(alerted.getByRole('img', { name: 'Contains one of your alert words' }));
    expect(await marks(alerted).allTextContents()).toEqual([word.toUpperCase()]);
    expect(await alerted.locator('code').textContent()).toBe(word);

    const mention = article(log, mentionText);
    await ui.visible(mention.getByRole('img', { name: 'Mentions you' }));
    expect(await marks(mention).count()).toBe(0);
    await ui.shoot('01-message-list');
  });

  it('finds them with is:alerted and is:mentioned, highlighted in the results', async () => {
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    const results = page.getByRole('region', { name: 'Search results' });
    await search.fill(`is:alerted topic:"${topic}"`);
    await search.press('Enter');
    await ui.visible(results.getByRole('status').filter({ hasText: 'Searched the server' }));
    const found = article(results, 'review is at noon');
    await ui.visible(marks(found).filter({ hasText: word.toUpperCase() }));
    expect(await results.getByRole('article').count()).toBe(1);
    await ui.shoot('02-search');

    await search.fill(`is:mentioned topic:"${topic}"`);
    await search.press('Enter');
    await ui.visible(article(results, mentionText).getByRole('img', { name: 'Mentions you' }));
    await expect.poll(() => results.getByRole('article').count()).toBe(1);
  });
});

describe('profile values', () => {
  it('shows a Markdown field as the server rendered it, not as its source', async () => {
    await ui.goTo('Organization settings');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: `Profile of ${owner.fullName}` }).click();
    const profile = page.getByRole('region', { name: `Profile of ${owner.fullName}` });
    // The demo seed's "About me" of the owner: "Founder of **Parley**. ..."
    const about = profile.getByRole('definition').filter({ hasText: 'Founder of' });
    await ui.visible(about.getByRole('strong').filter({ hasText: 'Parley' }));
    expect(await about.textContent()).not.toContain('**');
    await ui.shoot('03-profile');
  });
});
