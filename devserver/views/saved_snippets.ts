import type { SavedSnippetRow } from '../store/saved_snippets';

/** The API's SavedSnippet. */
export function formatSavedSnippet(row: SavedSnippetRow): Record<string, unknown> {
  return { id: row.id, title: row.title, content: row.content, date_created: row.date_created };
}
