/**
 * The organization's custom emoji in Chromium against the dev server's demo (which seeds a few):
 * drawn in a message, offered first by the reaction picker and by compose's `:` autocomplete, and
 * a reaction with one is stored by the server as realm_emoji and shown with its image.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let owner: ZulipUser;
const TOPIC = 'custom emoji';

beforeAll(async () => {
  app = await startE2eApp('custom-emoji');
  const o = app.server.byRole(100);
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  const general = (await owner.subscriptions()).find((s) => s.name === 'general')!;
  await owner.sendToTopic(general.stream_id, TOPIC, 'Release is out :parley: :shipit:');
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
  const channels = app.page.getByRole('navigation', { name: 'Channels' });
  await channels.getByRole('button', { name: 'Topics in general' }).click();
  await channels
    .getByRole('list', { name: 'Topics in general' })
    .getByRole('button', { name: TOPIC, exact: true })
    .click();
  await app.page.getByRole('log').getByText('Release is out').waitFor({ timeout: UI_TIMEOUT });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('custom emoji', () => {
  it('are drawn in messages, picked first, and react as realm_emoji with their image', async () => {
    const { page } = app;
    const row = page.getByRole('log').getByRole('article').filter({ hasText: 'Release is out' });
    const drawn = row.locator('.safe-html img.emoji[alt=":parley:"]');
    await expect.poll(() => drawn.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);

    await row.hover();
    await row.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Add reaction' }).click();
    const picker = page.getByRole('group', { name: 'Choose a reaction' });
    const custom = picker.getByRole('region', { name: 'Custom' });
    await custom.getByRole('button', { name: ':parley:' }).waitFor({ timeout: UI_TIMEOUT });
    // Deactivated ones are not offered.
    expect(await custom.getByRole('button', { name: ':old_logo:' }).count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'custom-emoji-picker.png') });
    await custom.getByRole('button', { name: ':parley:' }).click();

    const chip = row.getByRole('button', { name: /^parley: 1, including you/ });
    await chip.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => chip.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    const [stored] = (await owner.newestMessages([{ operator: 'topic', operand: TOPIC }], 5)).filter((m) =>
      m.content.includes('Release is out'),
    );
    expect((stored as unknown as { reactions: unknown[] }).reactions).toContainEqual(
      expect.objectContaining({ emoji_name: 'parley', reaction_type: 'realm_emoji' }),
    );

    // Zulip's own :zulip: (zulip_extra_emoji), added from another client, shows its image too.
    const auth = `Basic ${Buffer.from(`${app.server.byRole(100).email}:${owner.apiKey}`).toString('base64')}`;
    const react = await fetch(new URL(`/api/v1/messages/${stored!.id}/reactions`, app.server.baseUrl), {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ emoji_name: 'zulip' }),
    });
    expect(react.status).toBe(200);
    const zulipChip = row.getByRole('button', { name: /^zulip: 1/ });
    await zulipChip.waitFor({ timeout: UI_TIMEOUT });
    await expect
      .poll(() => zulipChip.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth > 0))
      .toBe(true);

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('ship :ship');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option', { name: /:shipit:/ }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'custom-emoji-autocomplete.png') });
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('ship :shipit: ');
  });

  it('are listed in organization settings, where an owner deactivates one', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Organization settings' }).click();
    await page.getByRole('tab', { name: 'Custom emoji' }).click();
    const list = page.getByRole('list', { name: 'Custom emoji', exact: true });
    await list.getByRole('listitem', { name: ':lgtm:' }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(ARTIFACTS, 'custom-emoji-admin.png') });
    await list.getByRole('button', { name: 'Deactivate :lgtm:' }).click();
    await page
      .getByRole('list', { name: 'Deactivated custom emoji' })
      .getByRole('listitem', { name: ':lgtm:' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await list.getByRole('listitem', { name: ':lgtm:' }).count()).toBe(0);
    const all = (await (
      await fetch(new URL('/api/v1/realm/emoji', app.server.baseUrl), {
        headers: {
          authorization: `Basic ${Buffer.from(`${app.server.byRole(100).email}:${owner.apiKey}`).toString('base64')}`,
        },
      })
    ).json()) as { emoji: Record<string, { name: string; deactivated: boolean }> };
    expect(Object.values(all.emoji).find((e) => e.name === 'lgtm')?.deactivated).toBe(true);
  });
});
