/**
 * Switching between cached channels as a user does it (issue 28 item 4): a click on a channel in
 * the sidebar, timed on the page's clock until the frame that paints the new list's first rows;
 * beside it, how long the core took to answer the page's messages:page (timed where the bridge
 * host calls it). Used by the incoming suite, whose page has the organization open.
 */
import type { Page } from 'playwright-core';
import type { Core } from '../../main/ipc/types';

const TIMEOUT = 20_000;

/**
 * `core` with each messages:page answer's time (ms) noted in `into`, and each view:open's in
 * `views` (the page sends it just before messages:page, and the core's thread answers them in turn).
 */
export function timingPages<C extends Core>(core: C, into: number[], views: number[] = []): C {
  const dispatch: Core['dispatch'] = async (name, args) => {
    const started = performance.now();
    const result = await core.dispatch(name, args);
    if (name === 'messages:page') into.push(performance.now() - started);
    if (name === 'view:open') views.push(performance.now() - started);
    return result;
  };
  return new Proxy(core, { get: (target, key) => (key === 'dispatch' ? dispatch : Reflect.get(target, key)) });
}

/**
 * Clicks the channel named `name` in the sidebar and resolves, in ms on the page's clock, at the
 * frame that paints the new message list with a row in it: the time since the click, or with
 * `at: 'epoch'` the wall-clock time of that frame (as ui.ts's epochNow). Source text: the bench
 * runs under tsx, whose wrappers for named functions the page does not have.
 */
export async function switchTo(page: Page, name: string, at: 'since-click' | 'epoch' = 'since-click'): Promise<number> {
  await mountChannelRow(page, name);
  return page.evaluate(`new Promise((resolve, reject) => {
    const name = ${JSON.stringify(name)};
    const old = document.querySelector('#app [role="log"]');
    const button = [...document.querySelectorAll('nav[aria-label="Channels"] button')]
      .find((b) => b.textContent.trim() === name);
    if (!button) return reject(new Error('no channel ' + name + ' in the sidebar'));
    const shown = () => {
      const log = document.querySelector('#app [role="log"]');
      return log !== null && log !== old && log.querySelector('article') !== null;
    };
    const observer = new MutationObserver(() => { if (shown()) done(); });
    const started = performance.now();
    const done = () => {
      observer.disconnect();
      requestAnimationFrame(() => resolve(${at === 'epoch' ? 'performance.timeOrigin + performance.now()' : 'performance.now() - started'}));
    };
    observer.observe(document.getElementById('app'), { subtree: true, childList: true });
    button.click();
    setTimeout(() => reject(new Error('the channel did not show in time')), ${TIMEOUT});
  })`);
}

/**
 * The sidebar's channel list is virtualized (ChannelList.svelte): a channel far from the viewport
 * has no button in the page. Untimed, before the click: when the row is not mounted, the
 * sidebar's scroll area is walked from the top until it is (one warm launch of ui-start clicked
 * into a list whose row was not mounted yet and failed the run, 2026-11-29).
 */
async function mountChannelRow(page: Page, name: string): Promise<void> {
  await page.evaluate(`(async () => {
    const name = ${JSON.stringify(name)};
    const find = () => [...document.querySelectorAll('nav[aria-label="Channels"] button')]
      .find((b) => b.textContent.trim() === name);
    if (find()) return;
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    let area = document.querySelector('nav[aria-label="Channels"]');
    while (area && !(area.scrollHeight > area.clientHeight && /auto|scroll/.test(getComputedStyle(area).overflowY))) {
      area = area.parentElement;
    }
    if (!area) return;
    area.scrollTop = 0;
    await frames();
    while (!find() && area.scrollTop + area.clientHeight < area.scrollHeight) {
      area.scrollTop += Math.max(1, Math.floor(area.clientHeight * 0.8));
      await frames();
    }
    find()?.scrollIntoView({ block: 'nearest' });
    await frames();
  })()`);
}
