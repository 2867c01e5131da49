/**
 * Page cursors as the renderer sees them: opaque text holding the sort key of the previous
 * page's last item. A cursor that does not decode to the expected shape is refused clearly.
 */
import { IpcFailure } from '../failure';
import type { KeyedPage } from '../store/repos/paging';
import { clampLimit } from '../store/repos/paging';
import type { Page } from '../../common/model';

export const DEFAULT_PAGE = 100;

export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

type Shape = readonly ('string' | 'number')[];
type KeyOf<S extends Shape> = { -readonly [I in keyof S]: S[I] extends 'string' ? string : number };

/** The key in a cursor, checked against the expected types; null for the first page. */
export function decodeCursor<const S extends Shape>(cursor: string | undefined, shape: S): KeyOf<S> | null {
  if (cursor === undefined) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  const ok =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) => (shape[i] === 'number' ? Number.isSafeInteger(v) : typeof v === 'string'));
  if (!ok)
    throw new IpcFailure(
      'INVALID_ARGUMENT',
      'That page cursor is not one this list gave out; start from the first page.',
    );
  return key as KeyOf<S>;
}

export function pageLimit(limit: number | undefined): number {
  return clampLimit(limit ?? DEFAULT_PAGE);
}

/** A repo page as the renderer's Page. */
export function toPage<S, T>(page: KeyedPage<S>, view: (s: S) => T): Page<T> {
  return { items: page.items.map(view), next: page.nextKey ? encodeCursor(page.nextKey) : null };
}

/** Pages a short list held in memory (folders, views, fields, playgrounds): the cursor is the position. */
export function pageOfList<T>(all: readonly T[], cursor: string | undefined, limit: number | undefined): Page<T> {
  const [start] = decodeCursor(cursor, ['number'] as const) ?? [0];
  const size = pageLimit(limit);
  const end = start + size;
  return { items: all.slice(start, end), next: end < all.length ? encodeCursor([end]) : null };
}
