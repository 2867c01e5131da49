/** saved_snippets events: add, update (FL 368) and remove. */
import type { SavedSnippetsEvent } from '../../api/schemas/record-events';
import { toStoredSnippet } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applySavedSnippets({ store }: ApplyContext, ev: SavedSnippetsEvent): Delta[] {
  if (ev.op === 'remove') store.savedSnippets.remove(ev.saved_snippet_id);
  else store.savedSnippets.upsert(toStoredSnippet(ev.saved_snippet));
  return [{ kind: 'recordsChanged', areas: ['snippets'] }];
}
