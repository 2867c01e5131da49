/**
 * The screens beyond the walking skeleton, end to end with real parts: Debian's Chromium drives
 * the real UI served by the bridge host, over the real core, against the dev server on
 * loopback. Each step checks the server (over plain HTTP, as another client would) as well as
 * the screen. The steps run in order and share one signed-in session.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createCore } from '../../main/core';
import type { BridgeHost } from '../../main/host/bridge-host';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ARTIFACTS, UI_TIMEOUT, sharedChannel, signInThroughUi, startE2eApp, type E2eApp } from './support';
import { ZulipUser, type ServerMessage } from './zulip-http';

/** What GET /messages says beyond ServerMessage's fields. */
type FullMessage = ServerMessage & { flags?: string[]; reactions?: { emoji_name: string; user_id: number }[] };

let e2e: E2eApp;
let server: RunningDevServer;
let app: { core: Awaited<ReturnType<typeof createCore>>; host: BridgeHost };
let page: Page;
let owner: DevServerUser;
let member: DevServerUser;
let ownerHttp: ZulipUser;
let memberHttp: ZulipUser;
/** The channel and fresh topic the message steps work in. */
let channel: { stream_id: number; name: string };
const topic = `features ${Date.now().toString(36)}`;
const tag = (): string => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
const shoot = (name: string): Promise<Buffer> => page.screenshot({ path: join(ARTIFACTS, `features-${name}.png`) });
const log$ = (): Locator => page.getByRole('log');
const article = (text: string): Locator => log$().getByRole('article').filter({ hasText: text });

async function topicMessage(http: ZulipUser, id: number): Promise<FullMessage | undefined> {
  const narrow = [
    { operator: 'channel', operand: channel.stream_id },
    { operator: 'topic', operand: topic },
  ];
  const messages = (await http.newestMessages(narrow, 50)) as FullMessage[];
  return messages.find((m) => m.id === id);
}

async function messageAction(text: string, action: string): Promise<void> {
  const message = article(text);
  await message.hover();
  await message.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function goTo(screen: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: screen }).click();
}

beforeAll(async () => {
  e2e = await startE2eApp('features');
  ({ server, page } = e2e);
  app = { core: e2e.core, host: e2e.host };
  owner = server.byRole(100);
  member = server.byRole(400);
  ownerHttp = await ZulipUser.login(server.baseUrl, owner.email, owner.password);
  memberHttp = await ZulipUser.login(server.baseUrl, member.email, member.password);
  channel = await sharedChannel(ownerHttp, memberHttp);
  // Read already, so the channel opens at the newest messages this file writes (it opens at its first unread).
  await ownerHttp.markChannelRead(channel.stream_id);
});

afterAll(async () => {
  await e2e?.close();
});

describe('features', () => {
  it('signs in, finds a message by search and opens its topic', async () => {
    await page.goto(app.host.url);
    await signInThroughUi(page, server.baseUrl, owner);
    await visible(page.getByRole('navigation', { name: 'Channels' }));
    // The demo owner has unread direct messages: their count leads the window title.
    await expect.poll(() => page.title(), { timeout: UI_TIMEOUT }).toMatch(/^\(\d+\) Parley$/);

    const word = tag();
    await memberHttp.sendToTopic(channel.stream_id, topic, `Please review ${word} today`);
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.fill(word);
    await search.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    await visible(results.getByRole('status').filter({ hasText: 'Searched the server' }));
    await visible(results.getByText(`Please review ${word} today`));
    await shoot('01-search');
    await results.getByRole('button', { name: `#${channel.name} > ${topic}` }).click();
    await visible(article(word));
  });

  it('marks the topic read when viewed, and reacts, stars and edits', async () => {
    const [theirs] = (await memberHttp.newestMessages(
      [
        { operator: 'channel', operand: channel.stream_id },
        { operator: 'topic', operand: topic },
      ],
      1,
    )) as FullMessage[];
    if (!theirs) throw new Error('the member message is missing');
    // Viewed to the bottom: the server has it read for the owner.
    await expect
      .poll(async () => (await topicMessage(ownerHttp, theirs.id))?.flags, { timeout: UI_TIMEOUT })
      .toContain('read');

    await messageAction(theirs.content, 'Add reaction');
    await page
      .getByRole('group', { name: 'Choose a reaction' })
      .getByRole('region', { name: 'Frequently used' })
      .getByRole('button', { name: ':tada:' })
      .click();
    await visible(article(theirs.content).getByRole('button', { name: /^tada: 1, including you/ }));
    await expect
      .poll(async () => (await topicMessage(ownerHttp, theirs.id))?.reactions?.map((r) => [r.emoji_name, r.user_id]))
      .toContainEqual(['tada', owner.userId]);

    await messageAction(theirs.content, 'Star message');
    await visible(article(theirs.content).getByRole('img', { name: 'Starred' }));
    await expect.poll(async () => (await topicMessage(ownerHttp, theirs.id))?.flags).toContain('starred');

    const mine = `Mine ${tag()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(mine);
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(article(mine).getByRole('button', { name: 'Message actions' }));
    await messageAction(mine, 'Edit message');
    const edited = `${mine} edited`;
    await page.getByRole('textbox', { name: 'Edit message' }).fill(edited);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(article(edited).getByText('(edited)'));
    await expect
      .poll(
        async () =>
          (await ownerHttp.newestMessages([{ operator: 'channel', operand: channel.stream_id }], 1))[0]?.content,
      )
      .toBe(edited);

    // Everything in the topic is read: as in Zulip, "Mark topic as read" is not offered then (#27 item 8).
    await expect.poll(() => page.getByRole('button', { name: 'Mark topic as read' }).count()).toBe(0);
    await shoot('02-actions');

    await goTo('Starred messages');
    const starred = page.getByRole('region', { name: 'Starred messages' });
    await visible(starred.getByText(theirs.content));
  });

  it('saves a snippet and inserts it into compose', async () => {
    await goTo('Saved snippets');
    const screen = page.getByRole('region', { name: 'Saved snippets' });
    const title = `Greeting ${tag()}`;
    const form = screen.getByRole('form', { name: 'New snippet' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Text' }).fill('Thanks for the report!');
    await form.getByRole('button', { name: 'Save snippet' }).click();
    await visible(screen.getByRole('list', { name: 'Snippets' }).getByRole('listitem', { name: title }));

    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: channel.name, exact: true })
      .click();
    await page.getByRole('button', { name: 'Insert saved snippet' }).click();
    await page.getByRole('menuitem', { name: title }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue())
      .toContain('Thanks for the report!');
    await page.getByRole('textbox', { name: 'Message' }).fill('');
  });

  it('keeps a draft across a reload and opens it into compose', async () => {
    await page
      .getByRole('log')
      .getByRole('button', { name: `#${channel.name} > ${topic}` })
      .first()
      .click();
    const words = `Unsent thought ${tag()}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(words);
    await visible(page.getByRole('status').filter({ hasText: 'Draft saved' }));
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Views' }));
    await goTo('Drafts');
    const draft = page.getByRole('list', { name: 'Saved drafts' }).getByRole('listitem').filter({ hasText: words });
    await visible(draft);
    await shoot('03-drafts');
    await draft.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(words);
  });

  it('adds a code playground and creates an invitation link as the owner', async () => {
    await goTo('Organization settings');
    await page.getByRole('tab', { name: 'Code playgrounds' }).click();
    const form = page.getByRole('form', { name: 'Add a code playground' });
    const name = `Runner ${tag()}`;
    await form.getByRole('textbox', { name: 'Playground name' }).fill(name);
    await form.getByRole('textbox', { name: 'Language' }).fill('Python');
    await form.getByRole('textbox', { name: 'URL template' }).fill('https://run.example.com/?src={source}');
    await form.getByRole('button', { name: 'Add playground' }).click();
    await visible(form.getByRole('alert').filter({ hasText: 'exactly one variable, {code}' }));
    await form.getByRole('textbox', { name: 'URL template' }).fill('https://run.example.com/?src={code}');
    await form.getByRole('button', { name: 'Add playground' }).click();
    await visible(page.getByRole('list', { name: 'Playgrounds' }).getByRole('listitem', { name }));

    await page.getByRole('tab', { name: 'Invitations' }).click();
    const invite = page.getByRole('form', { name: 'Create an invitation link' });
    await invite.getByRole('combobox', { name: 'Join as' }).selectOption({ label: 'Moderator' });
    await invite.getByRole('checkbox', { name: `#${channel.name}` }).check();
    await invite.getByRole('button', { name: 'Create invitation link' }).click();
    const link = page.getByRole('textbox', { name: 'New invitation link' });
    await visible(link);
    expect(await link.inputValue()).toMatch(new RegExp(`^${server.baseUrl.replace(/[.]/g, '\\.')}/join/\\S+`));
    await visible(page.getByRole('button', { name: 'Copy' }));
    await shoot('04-invite');
  });

  it('adds a second account with an API key and switches between accounts', async () => {
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByRole('textbox', { name: 'Server URL' }).fill(server.baseUrl);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Use an API key instead' }).click();
    const form = page.getByRole('form', { name: 'Sign in with API key' });
    await form.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await form.getByLabel('API key').fill(memberHttp.apiKey);
    await form.getByRole('button', { name: 'Sign in with API key' }).click();
    await visible(page.getByText(`${member.fullName} · ${member.email}`));
    // The member is not an administrator: no organization settings for them.
    await visible(page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Drafts' }));
    expect(await page.getByRole('button', { name: 'Organization settings' }).count()).toBe(0);
    const pageData = await page.evaluate(() => document.documentElement.outerHTML);
    expect(pageData).not.toContain(memberHttp.apiKey);

    const switcher = page.getByRole('combobox', { name: 'Account' });
    await switcher.selectOption({ label: `${server.realmName} (${owner.email})` });
    await visible(page.getByText(`${owner.fullName} · ${owner.email}`));
    await visible(page.getByRole('button', { name: 'Organization settings' }));
    await shoot('05-switched');
  });
});
