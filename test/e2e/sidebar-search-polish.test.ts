/**
 * Sidebar and search polish in Chromium at 1280×900 (#27 item 5): the channels start above the
 * fold, the channel on screen shows its topics with the current one marked, search marks the
 * searched words and shows the whole query, a refused operand says "Invalid operator", and
 * leaving the results empties the search box.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, sharedChannel, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let channel: { stream_id: number; name: string };

beforeAll(async () => {
  app = await startE2eApp('sidebar-search-polish');
  const o = app.server.byRole(100);
  const a = app.server.byRole(200);
  const owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  const amir = await ZulipUser.login(app.server.baseUrl, a.email, a.password);
  channel = await sharedChannel(owner, amir);
  await amir.sendToTopic(channel.stream_id, 'pelican sightings', 'Pelicans landed by the harbour today');
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('sidebar and search polish', () => {
  it('keeps the channels above the fold and shows the open channel’s topics, the current one marked', async () => {
    const { page } = app;
    const channels = page.getByRole('navigation', { name: 'Channels' });
    const heading = channels.getByRole('heading', { name: 'Channels', exact: true });
    const box = (await heading.boundingBox())!;
    await page.screenshot({ path: join(ARTIFACTS, 'sidebar-at-start.png') });
    // The channel list starts in the upper half of a 900 px window, whatever the sidebar's scroll.
    expect(box.y + box.height).toBeLessThan(450);
    await channels
      .getByRole('button', { name: new RegExp(`^${channel.name}`) })
      .first()
      .click();
    const topics = channels.getByRole('list', { name: `Topics in ${channel.name}` });
    await topics.waitFor({ timeout: UI_TIMEOUT });
    await topics.getByRole('button', { name: 'pelican sightings', exact: true }).click();
    await expect
      .poll(() => topics.getByRole('button', { name: 'pelican sightings', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    await page.screenshot({ path: join(ARTIFACTS, 'sidebar-open-channel.png') });
  });

  it('marks the searched words, shows the whole query, and empties the box on leaving the results', async () => {
    const { page } = app;
    const box = page.getByRole('searchbox', { name: 'Search messages' });
    const query = `channel:${channel.name} pelican`;
    await box.fill(query);
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    await results.getByRole('heading', { name: `Search results: ${query}` }).waitFor({ timeout: UI_TIMEOUT });
    const mark = results.locator('mark.search-match').first();
    await mark.waitFor({ timeout: UI_TIMEOUT });
    expect(await mark.textContent()).toBe('Pelican');
    await page.screenshot({ path: join(ARTIFACTS, 'search-highlight.png') });

    await results
      .getByRole('button', { name: `#${channel.name} > pelican sightings` })
      .first()
      .click();
    await page.getByRole('heading', { name: `#${channel.name} > pelican sightings` }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => box.inputValue()).toBe('');
  });

  it('says "Invalid operator" for an operand the server refuses, not "Offline"', async () => {
    const { page } = app;
    const box = page.getByRole('searchbox', { name: 'Search messages' });
    await box.fill('sender:nobody-here@parley.example');
    await box.press('Enter');
    const results = page.getByRole('region', { name: 'Search results' });
    await expect
      .poll(() => results.getByRole('alert').textContent(), { timeout: UI_TIMEOUT })
      .toMatch(/^Invalid operator/);
    expect(await results.getByText(/Offline/).count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'search-invalid-operator.png') });
  });
});
