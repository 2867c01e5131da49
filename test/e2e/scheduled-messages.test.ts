/**
 * Scheduled messages and reminders end to end with real parts (Chromium, the bridge host, the
 * core, the dev server). The same user's other client (plain HTTP, as the web app would) edits and
 * adds scheduled messages while Parley shows the list; the server's clock is moved on (the fault
 * interface) to reach the delivery times.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api, type Obj } from '../devserver/support';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { faults } from '../helpers/devserverFaults';
import { ARTIFACTS, UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let owner: DevServerUser;
let ownerApi: Api;
const topic = `later ${Date.now().toString(36)}`;

const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
const gone = (locator: Locator): Promise<void> => locator.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
const shoot = (p: Page, name: string): Promise<Buffer> =>
  p.screenshot({ path: join(ARTIFACTS, `scheduled-${name}.png`) });
const scheduledOnServer = async (): Promise<Obj[]> =>
  (await ownerApi.ok('GET', '/scheduled_messages'))['scheduled_messages'] as Obj[];
const remindersOnServer = async (): Promise<Obj[]> => (await ownerApi.ok('GET', '/reminders'))['reminders'] as Obj[];
const advance = (seconds: number) => faults(server).call('POST', '/clock', { advance_seconds: seconds });
const screenRows = (p: Page): Locator => p.getByRole('list', { name: 'Scheduled messages' }).getByRole('listitem');
const goToScheduled = (p: Page) =>
  p.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Scheduled messages' }).click();

beforeAll(async () => {
  e2e = await startE2eApp('scheduled', { width: 1280, height: 900 }, { seed: 'demo', faults: true });
  ({ server, page } = e2e);
  owner = server.byRole(100);
  ownerApi = await login(server, owner);
});

afterAll(async () => {
  await e2e?.close();
});

describe('scheduled messages', () => {
  it('schedules from compose with a preset time: the box empties and says when', async () => {
    await page.goto(e2e.host.url);
    await signInThroughUi(page, server.baseUrl, owner);
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: 'general', exact: true })
      .click();
    await page.getByRole('combobox', { name: 'Topic' }).fill(topic);
    await page.getByRole('textbox', { name: 'Message' }).fill('Standup notes are **ready**');
    await page.getByRole('button', { name: 'Schedule message' }).click();
    await shoot(page, '01-menu');
    const choice = page.getByRole('menuitem', { name: /^Tomorrow at 9/ });
    await choice.click();
    await visible(page.getByRole('status').filter({ hasText: /Your message has been scheduled for Tomorrow at 9/ }));
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
    await shoot(page, '02-scheduled');
    const [held] = await scheduledOnServer();
    expect(held).toMatchObject({ type: 'stream', topic, content: 'Standup notes are **ready**', failed: false });
    const tomorrow9 = new Date();
    tomorrow9.setDate(tomorrow9.getDate() + 1);
    tomorrow9.setHours(9, 0, 0, 0);
    expect(held!['scheduled_delivery_timestamp']).toBe(Math.floor(tomorrow9.getTime() / 1000));
  });

  it('lists them, following the other client’s edits and additions', async () => {
    await page.getByRole('button', { name: 'View scheduled messages' }).click();
    const row = screenRows(page).filter({ hasText: `#general > ${topic}` });
    await visible(row.getByText('Standup notes are'));
    await visible(row.locator('strong', { hasText: 'ready' }));

    const [held] = await scheduledOnServer();
    await ownerApi.ok('PATCH', `/scheduled_messages/${held!['scheduled_message_id']}`, { content: 'Standup notes v2' });
    await visible(row.getByText('Standup notes v2'));
    const at = Math.floor(Date.now() / 1000) + 3 * 3600;
    await ownerApi.ok('POST', '/scheduled_messages', {
      type: 'direct',
      to: [server.byRole(400).userId],
      content: 'A direct one from the web app',
      scheduled_delivery_timestamp: at,
    });
    const dm = screenRows(page).filter({ hasText: `DM with ${server.byRole(400).fullName}` });
    await visible(dm.getByText('A direct one from the web app'));
    // Soonest first: the DM in three hours before tomorrow's.
    await expect.poll(async () => (await screenRows(page).first().textContent()) ?? '').toContain('DM with');

    await shoot(page, '04-list');
  });

  it('edits the words, reschedules and cancels on the screen; the server holds the result', async () => {
    const row = screenRows(page).filter({ hasText: 'Standup notes v2' });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Message' }).first().fill('Standup notes, final');
    await shoot(page, '05-edit');
    await page.getByRole('form', { name: 'Edit scheduled message' }).getByRole('button', { name: 'Save' }).click();
    await visible(screenRows(page).filter({ hasText: 'Standup notes, final' }));
    expect((await scheduledOnServer()).map((m) => m['content'])).toContain('Standup notes, final');

    const dm = screenRows(page).filter({ hasText: 'A direct one from the web app' });
    await dm.getByRole('button', { name: 'Reschedule' }).click();
    const next = new Date(Date.now() + 2 * 86_400_000);
    next.setHours(10, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}T10:30`;
    await page.getByRole('form', { name: 'New time' }).getByLabel('Date and time').fill(local);
    await page.getByRole('form', { name: 'New time' }).getByRole('button', { name: 'Reschedule' }).click();
    await expect
      .poll(
        async () => (await scheduledOnServer()).find((m) => m['type'] === 'private')?.['scheduled_delivery_timestamp'],
      )
      .toBe(Math.floor(next.getTime() / 1000));

    await dm.getByRole('button', { name: 'Cancel message' }).click();
    await gone(dm);
    expect((await scheduledOnServer()).some((m) => m['type'] === 'private')).toBe(false);
  });

  it('sends the message at its time: it leaves the list and appears in the channel', async () => {
    // Just past its time: Zulip gives up on one more than ten minutes late.
    const [held] = await scheduledOnServer();
    const { now } = (await advance(0)) as { now: number };
    await advance((held!['scheduled_delivery_timestamp'] as number) - now + 1);
    await gone(screenRows(page).filter({ hasText: 'Standup notes, final' }));
    await visible(page.getByText('No scheduled messages.'));
    // Sent as the owner to its topic, and Parley finds it.
    const [sent] = (
      await ownerApi.ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: 'general' }],
      })
    )['messages'] as Obj[];
    expect(sent).toMatchObject({ content: '<p>Standup notes, final</p>', subject: topic, sender_id: owner.userId });
    const search = page.getByRole('searchbox', { name: 'Search messages' });
    await search.fill('final');
    await search.press('Enter');
    await visible(page.getByRole('article').filter({ hasText: 'Standup notes, final' }).first());
    await shoot(page, '06-sent');
  });
});

describe('reminders', () => {
  it('"Remind me about this" holds a reminder; at its time the Notification Bot sends the message back', async () => {
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: 'general', exact: true })
      .click();
    const message = page.getByRole('log').getByRole('article').first();
    await message.hover();
    await message.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Remind me about this' }).click();
    await page
      .getByRole('group', { name: 'Remind me about this' })
      .getByRole('textbox', { name: /Note/ })
      .fill('bring slides');
    await shoot(page, '07-remind');
    // The server's clock already ran ahead (the delivery above): a time three days from now.
    await page.getByRole('button', { name: 'Custom time…' }).click();
    const when = new Date(Date.now() + 3 * 86_400_000);
    when.setHours(11, 0, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByRole('form', { name: 'Remind me at' })
      .getByLabel('Date and time')
      .fill(`${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T11:00`);
    await page.getByRole('button', { name: 'Remind me', exact: true }).click();
    await visible(page.getByRole('status').filter({ hasText: 'You will be reminded about this message' }));
    const [reminder] = await remindersOnServer();
    expect(reminder!['content']).toContain('bring slides');
    const messageId = reminder!['reminder_target_message_id'] as number;

    await goToScheduled(page);
    const reminderRow = page.getByRole('list', { name: 'Reminders' }).getByRole('listitem');
    await visible(reminderRow.getByText('bring slides'));
    await shoot(page, '08-reminders');

    const { now } = (await advance(0)) as { now: number };
    await advance(Math.floor(when.getTime() / 1000) - now + 1);
    await gone(reminderRow);
    expect(await remindersOnServer()).toEqual([]);
    const dms = (
      await ownerApi.ok('GET', '/messages', {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [{ operator: 'is', operand: 'dm' }],
      })
    )['messages'] as Obj[];
    const sent = dms.find((m) => String(m['content']).includes('You requested a reminder'));
    expect(sent!['content']).toContain(`/near/${messageId}`);
    expect(sent!['content']).toContain('bring slides');
  });
});
