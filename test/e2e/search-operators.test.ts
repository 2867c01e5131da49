/**
 * Search as a Zulip user types it, in Chromium: suggestions for operators and their values while
 * typing, dm: and is:dm finding direct messages (from the cache and the server), a channel
 * operator completed by suggestion.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
const WORD = `ferns${Date.now() % 100_000}`;

beforeAll(async () => {
  app = await startE2eApp('search-operators');
  const owner = app.server.byRole(100);
  const member = app.server.byRole(400);
  const memberHttp = await ZulipUser.login(app.server.baseUrl, member.email, member.password);
  await memberHttp.sendDirect([owner.userId], `About the ${WORD} in the office`);
  const general = (await memberHttp.subscriptions()).find((s) => s.name === 'general')!;
  await memberHttp.sendToTopic(general.stream_id, 'plants', `The ${WORD} need water`);
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, owner);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('search operators and suggestions', () => {
  it('suggests is: values as one types, and is:dm finds only direct messages', async () => {
    const { page } = app;
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.click();
    await search.pressSequentially(`${WORD} is:d`);
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await list.getByRole('option', { name: /is:dm/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'search-suggestions.png') });
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(search.inputValue()).resolves.toBe(`${WORD} is:dm `);
    await search.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByText(`About the ${WORD} in the office`).waitFor({ timeout: UI_TIMEOUT });
    await expect(results.getByText(`The ${WORD} need water`).count()).resolves.toBe(0);
  });

  it('completes dm: with a person and finds that conversation only', async () => {
    const { page } = app;
    const member = app.server.byRole(400);
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.fill('');
    await search.pressSequentially(`${WORD} dm:${member.fullName.slice(0, 4)}`);
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await list.getByRole('option', { name: new RegExp(member.fullName) }).click();
    await expect(search.inputValue()).resolves.toBe(`${WORD} dm:${member.email} `);
    await search.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByText(`About the ${WORD} in the office`).waitFor({ timeout: UI_TIMEOUT });
    await expect(results.getByText(`The ${WORD} need water`).count()).resolves.toBe(0);

    await search.fill('');
    // A suggestion is taken by Tab only once chosen with the arrows (otherwise Tab moves on, #26).
    await search.pressSequentially(`${WORD} chan`);
    await search.press('ArrowDown');
    await search.press('Tab');
    await search.pressSequentially('gen');
    await search.press('ArrowDown');
    await search.press('Tab');
    await expect(search.inputValue()).resolves.toBe(`${WORD} channel:general `);
    await search.press('Enter');
    await results.getByText(`The ${WORD} need water`).waitFor({ timeout: UI_TIMEOUT });
    await expect(results.getByText(`About the ${WORD} in the office`).count()).resolves.toBe(0);
  });
});
