/**
 * Issue 24 item 6 end to end (Chromium → bridge host → core → dev server): Personal settings →
 * Uploaded files lists the user's uploads with the messages they are in, follows a file uploaded
 * and one linked from "another device" (attachment events), and deletes one on the server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers } from './screens-support';
import { UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let ownerHttp: ApiUser;
let auth: string;
let ui: ReturnType<typeof screenHelpers>;

beforeAll(async () => {
  e2e = await startE2eApp('uploaded-files');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'uploaded-files');
  const owner = server.byRole(100);
  ownerHttp = await ApiUser.login(server.baseUrl, owner.email, owner.password);
  auth = `Basic ${Buffer.from(`${owner.email}:${ownerHttp.apiKey}`).toString('base64')}`;
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
});

afterAll(async () => {
  await e2e?.close();
});

/** POST /user_uploads from another client of the same user; returns the file's URL path. */
async function upload(name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${server.baseUrl}/api/v1/user_uploads`, {
    method: 'POST',
    headers: { Authorization: auth },
    body: form,
  });
  return String(((await res.json()) as { url: string }).url);
}

const serverFiles = async (): Promise<string[]> =>
  ((await ownerHttp.get('/attachments'))['attachments'] as { name: string }[]).map((a) => a.name).sort();

describe('uploaded files', () => {
  it('are listed in settings, follow uploads and links made elsewhere, and are deleted', async () => {
    await upload('agenda.txt', 'Monday: plans');
    await ui.goTo('Personal settings');
    const table = page.getByRole('table', { name: 'Uploaded files' });
    await ui.visible(table.getByRole('row', { name: 'agenda.txt' }));

    const url = await upload('budget.txt', 'a longer file with numbers 1 2 3 4 5 6 7 8 9');
    const budget = table.getByRole('row', { name: 'budget.txt' });
    await ui.visible(budget);
    const channel = ((await ownerHttp.subscriptions())[0] as { stream_id: number }).stream_id;
    await ownerHttp.post('/messages', { type: 'stream', to: channel, topic: 'files', content: `[budget](${url})` });
    await ui.visible(budget.getByText('1 message'));
    await budget.scrollIntoViewIfNeeded();
    await ui.shoot('settings-uploads');

    await table.getByRole('button', { name: 'Delete agenda.txt' }).click();
    await ui.gone(table.getByRole('row', { name: 'agenda.txt' }));
    await expect.poll(serverFiles, { timeout: UI_TIMEOUT }).toEqual(['budget.txt']);
  });
});
