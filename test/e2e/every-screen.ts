/**
 * Every screen of Parley a signed-in user can reach, each with how to open it from Home, and how
 * to get back to a plain Home between them: shared by the sweeps that look at the whole app (axe,
 * disabled buttons).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openChannelFromSidebar, UI_TIMEOUT } from './support';

export interface Screen {
  name: string;
  open: () => Promise<void>;
}

/** The links of the sidebar's Views list that open a screen of their own. */
export const VIEW_LINKS = [
  'Inbox',
  'Recent conversations',
  'Mentions',
  'Starred messages',
  'Followed topics',
  'Drafts',
  'Saved snippets',
  'Browse channels',
  'Alert words',
  'Personal settings',
  'Organization settings',
  'Combined feed',
  'Scheduled messages',
  'Navigation views',
];

/** The tabs of Organization settings (Channel folders only where the server has them). */
export const ADMIN_TABS = [
  'Users',
  'User groups',
  'Channel folders',
  'Profile fields',
  'Custom emoji',
  'Code playgrounds',
  'Allowed domains',
  'Invitations',
  'Default user settings',
  'Bots',
];

export function everyScreen(page: Page): Screen[] {
  const views = () => page.getByRole('navigation', { name: 'Views' });
  const channels = () => page.getByRole('navigation', { name: 'Channels' });
  const openGeneral = (): Promise<void> => openChannelFromSidebar(page, 'general');
  const openView = async (label: string): Promise<void> => {
    await views().getByRole('button', { name: label, exact: true }).click();
    await page.locator('main').waitFor({ timeout: UI_TIMEOUT });
    // Lazy screens and their lists settle before anything is looked at.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(400);
  };
  return [
    ...VIEW_LINKS.map((label) => ({ name: label, open: () => openView(label) })),
    {
      name: 'channel conversation',
      open: async () => {
        await openGeneral();
        await page.getByRole('log').getByRole('article').last().waitFor({ timeout: UI_TIMEOUT });
      },
    },
    {
      name: 'topic conversation, topics expanded',
      open: async () => {
        const toggle = channels().getByRole('button', { name: 'Topics in general' });
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await channels().getByRole('list', { name: 'Topics in general' }).getByRole('button').first().click();
        await expect
          .poll(() => page.locator('main').getAttribute('aria-label'), { timeout: UI_TIMEOUT })
          .toMatch(/^#general > /);
        await page.getByRole('log').getByRole('article').last().waitFor({ timeout: UI_TIMEOUT });
      },
    },
    {
      name: 'direct message conversation',
      open: async () => {
        const dms = page.getByRole('navigation', { name: 'Direct messages' });
        await dms.getByRole('listitem').first().getByRole('button').first().click();
        await page.getByRole('log').waitFor({ timeout: UI_TIMEOUT });
        await page.waitForTimeout(400);
      },
    },
    {
      name: 'message actions menu',
      open: async () => {
        await openGeneral();
        // The newest message, in view where the channel opens: the first row drawn sits above the
        // window, and scrolling to it may load older messages and draw it anew.
        await page.getByRole('log').getByRole('button', { name: 'Message actions' }).last().click();
        await page.getByRole('menu', { name: 'Message actions' }).waitFor({ timeout: UI_TIMEOUT });
      },
    },
    {
      name: 'search results with suggestions',
      open: async () => {
        await page.keyboard.press('Escape');
        const box = page.getByRole('searchbox', { name: 'Search messages' });
        await box.fill('lunch');
        await box.press('Enter');
        await page.waitForTimeout(800);
        await box.fill('st');
        await page.getByRole('listbox', { name: 'Search suggestions' }).waitFor({ timeout: UI_TIMEOUT });
      },
    },
    {
      name: 'keyboard shortcuts dialog',
      open: async () => {
        await page.getByRole('button', { name: 'Keyboard shortcuts (?)' }).click();
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ timeout: UI_TIMEOUT });
      },
    },
    {
      name: 'sign-out dialog',
      open: async () => {
        await page.getByRole('button', { name: 'Sign out', exact: true }).click();
        await page.getByRole('dialog', { name: /^Sign out of/ }).waitFor({ timeout: UI_TIMEOUT });
      },
    },
    {
      name: 'new direct message dialog',
      open: async () => {
        await page
          .getByRole('button', { name: /new direct message/i })
          .first()
          .click();
        await page.getByRole('dialog', { name: 'New direct message' }).waitFor({ timeout: UI_TIMEOUT });
      },
    },
  ];
}

/** Each tab of Organization settings as a screen of its own (the tabs the server lacks are left out). */
export function adminTabs(page: Page): Screen[] {
  return ADMIN_TABS.map((label) => ({
    name: `Organization settings: ${label}`,
    open: async () => {
      await page
        .getByRole('navigation', { name: 'Views' })
        .getByRole('button', { name: 'Organization settings' })
        .click();
      const tab = page.getByRole('tablist', { name: 'Settings areas' }).getByRole('tab', { name: label, exact: true });
      await tab.waitFor({ timeout: UI_TIMEOUT });
      await tab.click();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(400);
    },
  }));
}

/** Back to a plain Home: no dialog, menu or field keeps anything open. */
export async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
}
