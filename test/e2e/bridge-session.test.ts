/**
 * The address the host prints carries a one-time token. In Chromium the page trades it for an
 * HttpOnly session cookie and drops it from the address (so browser history keeps only a spent
 * token); another browser that replays the address gets no bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp, UI_TIMEOUT } from './support';

let app: E2eApp;
beforeAll(async () => {
  app = await startE2eApp('bridge-session');
});
afterAll(async () => {
  await app?.close();
});

describe('the bridge session in a browser', () => {
  it('trades the launch token for an HttpOnly cookie and forgets the token', async () => {
    const { page } = app;
    await page.goto(app.host.url);
    await page.getByRole('textbox', { name: 'Server URL' }).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    expect(page.url()).toBe(`${app.host.origin}/`);
    const cookies = await page.context().cookies(app.host.origin);
    expect(cookies).toEqual([expect.objectContaining({ name: 'parley_session', httpOnly: true, sameSite: 'Strict' })]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // A reload keeps the session (the cookie), with no token in sight.
    await page.reload();
    await page.getByRole('textbox', { name: 'Server URL' }).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  });

  it('refuses the bridge to another browser that replays the printed address', async () => {
    const other = await app.browser.newContext();
    try {
      const page = await other.newPage();
      const refused = page.waitForResponse((r) => r.url().endsWith('/session'));
      await page.goto(app.host.url);
      expect((await refused).status()).toBe(403);
      expect(await other.cookies(app.host.origin)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
