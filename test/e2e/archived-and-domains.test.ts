/**
 * Issue 24 item 6 end to end (Chromium → bridge host → core → dev server): an archived channel is
 * marked in the sidebar and its compose box is read-only with the reason; the organization's
 * allowed email domains are listed, added and removed in the admin screen, and a domain added on
 * "another device" over HTTP reaches the screen through the event queue.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnerScreens, type ApiUser, type screenHelpers } from './screens-support';
import { UI_TIMEOUT, type E2eApp } from './support';

let e2e: E2eApp;
let page: Page;
let ownerHttp: ApiUser;
let ui: ReturnType<typeof screenHelpers>;

beforeAll(async () => {
  ({ e2e, page, ownerHttp, ui } = await startOwnerScreens('archived-and-domains'));
});

afterAll(async () => {
  await e2e?.close();
});

const domains = async (): Promise<string[]> =>
  ((await ownerHttp.get('/realm/domains'))['domains'] as { domain: string }[]).map((d) => d.domain);

describe('archived channels', () => {
  it('are marked in the sidebar and read-only in compose, saying why', async () => {
    const row = ui.channels().getByRole('button', { name: /^launch-2024/ });
    await ui.visible(row);
    expect(await row.textContent()).toContain('(archived)');
    await row.click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => box.isDisabled(), { timeout: UI_TIMEOUT }).toBe(true);
    await ui.visible(page.getByText('This channel is archived'));
    await ui.shoot('archived-channel');
  });
});

describe('allowed domains', () => {
  it('are added and removed in the admin screen, and follow a change from elsewhere', async () => {
    await ui.goTo('Organization settings');
    await page.getByRole('tab', { name: 'Allowed domains' }).click();
    const form = page.getByRole('form', { name: 'Add an allowed domain' });
    await form.getByRole('textbox', { name: 'Domain' }).fill('Parley.Test');
    await form.getByRole('button', { name: 'Add domain' }).click();
    const list = page.getByRole('list', { name: 'Allowed domains' });
    await ui.visible(list.getByRole('listitem', { name: 'parley.test' }));
    await expect.poll(domains, { timeout: UI_TIMEOUT }).toEqual(['parley.test']);

    await ownerHttp.post('/realm/domains', { domain: 'elsewhere.test', allow_subdomains: true });
    await ui.visible(list.getByRole('listitem', { name: 'elsewhere.test' }));
    await ui.shoot('allowed-domains');

    await list.getByRole('button', { name: 'Remove parley.test' }).click();
    await ui.gone(list.getByRole('listitem', { name: 'parley.test' }));
    await expect.poll(domains, { timeout: UI_TIMEOUT }).toEqual(['elsewhere.test']);
  });
});
