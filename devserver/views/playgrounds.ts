import type { PlaygroundRow } from '../store/playgrounds';

/** The API's RealmPlayground. */
export function formatPlayground(row: PlaygroundRow): Record<string, unknown> {
  return { id: row.id, name: row.name, pygments_language: row.pygments_language, url_template: row.url_template };
}
