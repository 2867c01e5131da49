/**
 * Messages as a Zulip user writes them, shown in Chromium: :emoji: as glyphs, a global time in
 * the reader's zone, a spoiler that opens on click, a quote and code.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
const TOPIC = 'rich content';

beforeAll(async () => {
  app = await startE2eApp('rich-content');
  const member = app.server.users.find((u) => u.role === 400)!;
  const http = await ZulipUser.login(app.server.baseUrl, member.email, member.password);
  const general = (await http.subscriptions()).find((s) => s.name === 'general')!;
  await http.sendToTopic(general.stream_id, TOPIC, 'Shipped it :tada: :thumbs_up:');
  await http.sendToTopic(general.stream_id, TOPIC, 'Demo at <time:2026-11-24T15:00:00+00:00>, be there');
  await http.sendToTopic(general.stream_id, TOPIC, '```spoiler How it ends\nEveryone gets cake.\n```');
  await http.sendToTopic(general.stream_id, TOPIC, '> quoted words\n\nand `inline code`');
  await http.sendToTopic(general.stream_id, TOPIC, 'See #**general>weekly sync** for the plan');
  await http.sendToTopic(
    general.stream_id,
    TOPIC,
    'Pythagoras: $$a^2 = b^2 + c^2$$\n\n```python\ndef area(r):\n    return 3.14 * r ** 2  # approx\n```\n\n' +
      '3. third\n4. fourth\n\nCall [the desk](tel:+14155551234), @**topic** please',
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('rich message content', () => {
  it('shows emoji, local times, spoilers and quotes as a Zulip user expects', async () => {
    const { page } = app;
    await page.goto(app.host.url);
    await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
    const channels = page.getByRole('navigation', { name: 'Channels' });
    await channels.getByRole('button', { name: 'Topics in general' }).click();
    await channels
      .getByRole('list', { name: 'Topics in general' })
      .getByRole('button', { name: TOPIC, exact: true })
      .click();
    const log = page.getByRole('log');
    await log.getByText('Shipped it', { exact: false }).waitFor({ timeout: UI_TIMEOUT });

    await expect(log.getByRole('img', { name: 'tada' }).textContent()).resolves.toBe('🎉');
    const time = log.locator('.safe-html time').first();
    await expect(time.getAttribute('title')).resolves.toBe('2026-11-24T15:00:00+00:00');
    await expect(time.textContent()).resolves.toMatch(/Nov 24/);
    const spoiler = log.locator('details.spoiler-block');
    await expect(spoiler.getByText('Everyone gets cake.').isVisible()).resolves.toBe(false);
    await spoiler.getByText('How it ends').click();
    await expect(spoiler.getByText('Everyone gets cake.').isVisible()).resolves.toBe(true);
    await expect(log.locator('blockquote').getByText('quoted words').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'rich-content.png') });
  });

  it('opens a link to a channel topic inside the app, not in the browser', async () => {
    const { page } = app;
    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));
    await page
      .getByRole('log')
      .getByRole('link', { name: /weekly sync/ })
      .click();
    await page.getByRole('heading', { name: '#general > weekly sync' }).waitFor({ timeout: UI_TIMEOUT });
    expect(popups).toEqual([]);
    expect(page.url().startsWith(app.host.origin)).toBe(true);
  });

  it('draws math with KaTeX (MathML kept), code with its language and colours, lists from their number', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('list', { name: 'Topics in general' })
      .getByRole('button', { name: TOPIC, exact: true })
      .click();
    const log = page.getByRole('log');
    const row = log.getByRole('article').filter({ hasText: 'Pythagoras' });
    await row.waitFor({ timeout: UI_TIMEOUT });
    await row.scrollIntoViewIfNeeded();
    const math = row.locator('.katex').first();
    await expect(math.locator('annotation').textContent()).resolves.toBe('a^2 = b^2 + c^2');
    // KaTeX's stylesheet and fonts are there: the superscript is raised, in KaTeX's own font.
    const sup = await math.locator('.katex-html .msupsub').first().boundingBox();
    const base = await math.locator('.katex-html .mord.mathnormal').first().boundingBox();
    expect(sup && base && sup.y < base.y).toBe(true);
    expect(await math.evaluate((e) => getComputedStyle(e).fontFamily)).toContain('KaTeX_Main');
    await expect
      .poll(() =>
        page.evaluate(() => [...document.fonts].some((f) => f.family.includes('KaTeX') && f.status === 'loaded')),
      )
      .toBe(true);

    const code = row.locator('.codehilite');
    await expect(code.getAttribute('data-code-language')).resolves.toBe('Python');
    expect(await code.evaluate((e) => getComputedStyle(e, '::before').content)).toBe('"Python"');
    const keyword = await code
      .locator('.k')
      .first()
      .evaluate((e) => getComputedStyle(e).color);
    const plain = await code.locator('code').evaluate((e) => getComputedStyle(e).color);
    expect(keyword).not.toBe(plain);
    await expect(row.locator('ol').getAttribute('start')).resolves.toBe('3');
    await expect(row.locator('a[href^="tel:"]').getAttribute('href')).resolves.toBe('tel:+14155551234');
    const topicMention = row.locator('.topic-mention');
    expect(await topicMention.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await expect(log.locator('.safe-html time').first().textContent()).resolves.toContain('2026');
    await page.screenshot({ path: join(ARTIFACTS, 'rich-content-math-code.png') });
    await page.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'));
    expect(
      await code
        .locator('.k')
        .first()
        .evaluate((e) => getComputedStyle(e).color),
    ).not.toBe(keyword);
    await page.screenshot({ path: join(ARTIFACTS, 'rich-content-math-code-dark.png') });
    await page.evaluate(() => delete document.documentElement.dataset['theme']);
  });
});
