/**
 * Uploads in Chromium against the dev server, as a Zulip user attaches files: by the button, by
 * pasting a screenshot and by dropping a file, in compose and in the message editor; a progress
 * bar per file with Cancel; `[name](/user_uploads/...)` put at the cursor; the image previewed in
 * the sent message as the server renders it (loaded through a temporary URL: the page never holds
 * the key); a file over the organization's limit refused in words before anything is sent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let owner: ZulipUser;
const TOPIC = 'uploads e2e';
const LINK = /\[([^\]]+)\]\((\/user_uploads\/1\/[^)]+)\)/;

beforeAll(async () => {
  app = await startE2eApp('uploads');
  const o = app.server.byRole(100);
  owner = await ZulipUser.login(app.server.baseUrl, o.email, o.password);
  const general = (await owner.subscriptions()).find((s) => s.name === 'general')!;
  await owner.sendToTopic(general.stream_id, TOPIC, 'Files for the review go here');
  await app.page.goto(app.host.url);
  await signInThroughUi(app.page, app.server.baseUrl, o);
  const channels = app.page.getByRole('navigation', { name: 'Channels' });
  await channels.getByRole('button', { name: 'Topics in general' }).click();
  await channels
    .getByRole('list', { name: 'Topics in general' })
    .getByRole('button', { name: TOPIC, exact: true })
    .click();
  await app.page.getByRole('log').getByText('Files for the review').waitFor({ timeout: UI_TIMEOUT });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const shoot = (name: string) => app.page.screenshot({ path: join(ARTIFACTS, `uploads-${name}.png`) });

/** A PNG drawn by the page's canvas: a chart-like picture a person would recognise. */
async function drawnPng(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#f4f7fb';
    g.fillRect(0, 0, 320, 180);
    ['#4f8cc9', '#e07b39', '#5aa469', '#c44e52'].forEach((colour, i) => {
      g.fillStyle = colour;
      g.fillRect(30 + i * 70, 150 - (i + 1) * 30, 45, (i + 1) * 30);
    });
    g.fillStyle = '#222';
    g.font = '16px sans-serif';
    g.fillText(text, 20, 24);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, label);
  return Buffer.from(base64, 'base64');
}

/** A big file is handed to Chromium by path: as a buffer it would cross the DevTools protocol. */
function fileOnDisk(name: string, size: number): string {
  const path = join(app.work, name);
  writeFileSync(path, Buffer.alloc(size, 1));
  return path;
}

/** Pastes or drops a file on a text box the way the browser delivers a clipboard screenshot or a drag. */
async function deliver(page: Page, selector: string, how: 'paste' | 'drop', name: string, png: Buffer) {
  await page.evaluate(
    ({ selector, how, name, bytes }) => {
      const target = document.querySelector(selector)!;
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      const event =
        how === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
    },
    { selector, how, name, bytes: [...png] },
  );
}

describe('uploads', () => {
  it('attach by button: the link goes in at the cursor and the sent image is previewed', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Numbers for Q3:  see above');
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(16, 16));
    await page.locator('#compose-file-input').setInputFiles({
      name: 'q3 chart.png',
      mimeType: 'image/png',
      buffer: await drawnPng(page, 'Q3 revenue'),
    });
    await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT }).toMatch(LINK);
    const text = await box.inputValue();
    expect(text).toMatch(/^Numbers for Q3: \[q3-chart\.png\]\(\/user_uploads\/1\/[^)]+\/q3-chart\.png\) see above$/);
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const row = page.getByRole('log').getByRole('article').filter({ hasText: 'Numbers for Q3' });
    const image = row.locator('.message_inline_image img');
    await image.waitFor({ timeout: UI_TIMEOUT });
    // Loaded, through a temporary URL (the page never has the key to load /user_uploads/ itself).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: UI_TIMEOUT })
      .toBe(320);
    expect(await image.getAttribute('src')).toMatch(/\/user_uploads\/temporary\/[0-9a-f]+\/q3-chart\.png$/);
    await row.scrollIntoViewIfNeeded();
    await shoot('01-sent-image');
  });

  it('shows the server’s thumbnail in its place in the message, and the full-size picture in the lightbox', async () => {
    const { page } = app;
    const image = page
      .getByRole('log')
      .getByRole('article')
      .filter({ hasText: 'Numbers for Q3' })
      .locator('.message_inline_image img');
    // Zulip's thumbnail markup, its box sized from the original's dimensions before it loads.
    expect(await image.getAttribute('data-original-dimensions')).toBe('320x180');
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['320', '180']);
    await image.click();
    const lightbox = page.getByRole('dialog').filter({ has: page.locator('img') });
    const large = lightbox.locator('img');
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: UI_TIMEOUT })
      .toBe(320);
    expect(await large.getAttribute('src')).toMatch(/\/user_uploads\/temporary\/[0-9a-f]+\/q3-chart\.png$/);
    await shoot('01b-lightbox-full-size');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  });

  it('paste a screenshot and drop a file: each becomes a link', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('');
    await deliver(page, '#compose-message', 'paste', 'image.png', await drawnPng(page, 'pasted'));
    await expect
      .poll(() => box.inputValue(), { timeout: UI_TIMEOUT })
      .toMatch(/^\[image\.png\]\(\/user_uploads\/1\/.+\/image\.png\) $/);
    await deliver(page, '#compose-message', 'drop', 'dropped.png', await drawnPng(page, 'dropped'));
    await expect
      .poll(() => box.inputValue(), { timeout: UI_TIMEOUT })
      .toMatch(/^\[image\.png\]\(\S+\) \[dropped\.png\]\(\/user_uploads\/1\/.+\/dropped\.png\) $/);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const row = page
      .getByRole('log')
      .getByRole('article')
      .filter({ has: page.locator('a[title="dropped.png"]') });
    await expect.poll(() => row.locator('.message_inline_image img').count(), { timeout: UI_TIMEOUT }).toBe(2);
  });

  it('shows a progress bar per file, and Cancel takes the placeholder out', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Big one: ');
    await page.locator('#compose-file-input').setInputFiles(fileOnDisk('recording.bin', 20 * 1024 * 1024));
    const upload = page.getByRole('group', { name: 'Uploading recording.bin' });
    await upload.waitFor({ timeout: UI_TIMEOUT });
    expect(await upload.getByRole('progressbar').count()).toBe(1);
    expect(await box.inputValue()).toBe('Big one: [Uploading recording.bin…]() ');
    await expect(page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).resolves.toBe(true);
    await shoot('03-progress');
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await upload.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    expect(await box.inputValue()).toBe('Big one: ');
    expect(await page.getByRole('alert').filter({ hasText: 'recording.bin' }).count()).toBe(0);
  });

  it('refuses a file over the organization’s limit in words, before sending it', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('');
    await page.locator('#compose-file-input').setInputFiles(fileOnDisk('huge.mov', 26 * 1024 * 1024));
    const alert = page.getByRole('alert').filter({ hasText: 'huge.mov' });
    await alert.waitFor({ timeout: UI_TIMEOUT });
    expect(await alert.textContent()).toBe('“huge.mov” is 26 MiB; this organization takes files up to 25 MiB.');
    expect(await box.inputValue()).toBe('');
    await shoot('04-too-large');
  });

  it('attaches in the message editor too', async () => {
    const { page } = app;
    const row = page.getByRole('log').getByRole('article').filter({ hasText: 'Numbers for Q3' });
    await row.hover();
    await row.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor({ timeout: UI_TIMEOUT });
    await editor.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await deliver(page, 'textarea[aria-label="Edit message"]', 'paste', 'image.png', await drawnPng(page, 'edit'));
    await expect
      .poll(() => editor.inputValue(), { timeout: UI_TIMEOUT })
      .toMatch(/see above \[image\.png\]\(\/user_uploads\/1\/[^)]+\) $/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => row.locator('.message_inline_image img').count(), { timeout: UI_TIMEOUT }).toBe(2);
    await shoot('05-edited');
  });

  it('formats with the buttons and previews as the server renders (Preview and Alt+P)', async () => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Ship it today');
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(8, 13));
    const bar = page.getByRole('toolbar', { name: 'Formatting' });
    await bar.getByRole('button', { name: 'Bold' }).click();
    expect(await box.inputValue()).toBe('Ship it **today**');
    await box.fill('Ship it **today**\n');
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await bar.getByRole('button', { name: 'Spoiler' }).click();
    await bar.getByRole('button', { name: 'Math (LaTeX)' }).click();
    expect(await box.inputValue()).toBe('Ship it **today**\n```spoiler Header\n$$hidden content$$\n```');

    await bar.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Message preview' });
    await preview.locator('strong', { hasText: 'today' }).waitFor({ timeout: UI_TIMEOUT });
    // The server's rendering, through the same sanitizer as messages: the spoiler and KaTeX's math.
    expect(await preview.locator('.spoiler-block, details.spoiler-block').count()).toBe(1);
    // Inside the closed spoiler, so present but not shown.
    await preview.locator('.katex').first().waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    expect(await box.isHidden()).toBe(true);
    await shoot('06-preview');
    // Alt+P goes back to writing, with the text as it was.
    await preview.press('Alt+p');
    await box.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    expect(await box.inputValue()).toBe('Ship it **today**\n```spoiler Header\n$$hidden content$$\n```');
    await box.press('Alt+p');
    await preview.waitFor({ timeout: UI_TIMEOUT });
    await preview.press('Alt+p');
    await box.fill('');
  });

  it('adds a custom emoji from Organization settings, with Zulip’s name rules in words', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Organization settings' }).click();
    await page.getByRole('tab', { name: 'Custom emoji' }).click();
    const form = page.getByRole('form', { name: 'Add a custom emoji' });
    const picker = form.getByLabel('Image');
    await picker.setInputFiles({ name: 'Bar Chart.png', mimeType: 'image/png', buffer: await drawnPng(page, ':)') });
    // The name comes from the file; a name Zulip would refuse is refused here first, in its words.
    expect(await form.getByRole('textbox', { name: 'Emoji name' }).inputValue()).toBe('bar_chart');
    await form.getByRole('textbox', { name: 'Emoji name' }).fill('Bar-Chart');
    await form.getByRole('button', { name: 'Add emoji' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
    await form.getByRole('textbox', { name: 'Emoji name' }).fill('bar chart');
    await form.getByRole('button', { name: 'Add emoji' }).click();
    const list = page.getByRole('list', { name: 'Custom emoji', exact: true });
    const added = list.getByRole('listitem', { name: ':bar_chart:' });
    await added.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => added.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await shoot('07-emoji-added');

    // A file that is not an image Zulip takes for emoji is refused before it is sent.
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await form.getByRole('button', { name: 'Add emoji' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: UI_TIMEOUT })
      .toBe('“notes.txt” is not an image Zulip takes for emoji: use a PNG, GIF, JPEG, WebP or SVG file.');
    await shoot('08-emoji-refused');
  });
});
