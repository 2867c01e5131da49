/** The page's renderer process as the OS sees it, for the suites that measure the page's memory. */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** The resident memory (MiB) of the largest renderer process: the page's (a spare one holds ~no page). */
export async function rendererRssMiB(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    const rss = info.processInfo
      .filter((p) => p.type === 'renderer')
      .map((p) => {
        const status = readFileSync(`/proc/${p.id}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      });
    return Math.max(0, ...rss);
  } finally {
    await cdp.detach();
  }
}
