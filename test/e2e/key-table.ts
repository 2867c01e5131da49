/**
 * What the table-driven shortcut tests share: each key starts from the same place (everything
 * read, no dialog open, nothing focused), and each row of a table is one case per key it names.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, it } from 'vitest';
import type { Api } from '../devserver/support';

export interface KeyRow {
  keys: string[];
  does: string;
  run: (key: string) => Promise<void>;
}

/** Registers the reset before each key and one case per key of each row. */
export function keyTable(title: string, rows: readonly KeyRow[], page: () => Page, owner: () => Api): void {
  beforeEach(async () => {
    await owner().ok('POST', '/mark_all_as_read');
    const p = page();
    for (let i = 0; i < 3 && (await p.getByRole('dialog').count()) > 0; i++) await p.keyboard.press('Escape');
    await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  });
  describe(title, () => {
    const cases = rows.flatMap((row) => row.keys.map((key) => ({ key, row })));
    it.each(cases)('$key $row.does', async ({ key, row }) => {
      await row.run(key);
    });
  });
}
