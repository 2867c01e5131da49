/**
 * What an edit changed, word by word, as Zulip's edit history shows it: words added and words
 * removed between one version's text and the next (jsdiff's diffWords on the rendered text).
 */
import { diffWords } from 'diff';
import { plainTextOf } from '../../state/messageActions';

export interface DiffPart {
  text: string;
  change: 'added' | 'removed' | 'same';
}

export function wordDiff(beforeHtml: string, afterHtml: string): DiffPart[] {
  return diffWords(plainTextOf(beforeHtml), plainTextOf(afterHtml)).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}

/** Each version's content before it: the content of the last version before it that had one. */
export function previousContents(versions: readonly { contentHtml: string | null }[]): (string | null)[] {
  let last: string | null = null;
  return versions.map((v) => {
    const before = last;
    if (v.contentHtml !== null) last = v.contentHtml;
    return before;
  });
}
