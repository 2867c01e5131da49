import type { Store } from '../store/store';
import type { NarrowQuery } from './query';

/** Zulip's stand-in for "newer than any message" when anchoring at the newest end. */
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;

export type Anchor = number | 'newest' | 'oldest' | 'first_unread';

export interface PageRequest {
  anchor: Anchor;
  includeAnchor: boolean;
  numBefore: number;
  numAfter: number;
}

export interface Page {
  anchor: number;
  ids: number[];
  foundAnchor: boolean;
  foundNewest: boolean;
  foundOldest: boolean;
}

/**
 * Runs an anchored page query: up to numBefore matching IDs below the anchor, the anchor itself
 * (if it matches and is included), and up to numAfter above it. Each part is one ordered, limited
 * query on an indexed ID column. found_oldest / found_newest promise that nothing lies beyond.
 */
export function fetchPage(store: Store, query: NarrowQuery, req: PageRequest): Page {
  const run = (extra: string, order: 'ASC' | 'DESC', limit: number, value: number): number[] => {
    const sql = `SELECT ${query.idExpr} AS id ${query.from} WHERE ${[...query.where, `${query.idExpr} ${extra}`].join(' AND ')}
      ORDER BY ${query.idExpr} ${order} LIMIT ${limit}`;
    return store.db
      .prepare<unknown[], { id: number }>(sql)
      .all(...query.args, value)
      .map((row) => row.id);
  };

  let anchor: number;
  let anchoredLeft = false;
  let anchoredRight = false;
  if (req.anchor === 'newest') {
    anchor = LARGER_THAN_MAX_MESSAGE_ID;
    anchoredRight = true;
  } else if (req.anchor === 'oldest') {
    anchor = 0;
    anchoredLeft = true;
  } else if (req.anchor === 'first_unread') {
    const [first] = run('> ? AND um.message_id IS NOT NULL AND (um.flags & 1) = 0', 'ASC', 1, 0);
    anchor = first ?? LARGER_THAN_MAX_MESSAGE_ID;
    anchoredRight = first === undefined;
  } else {
    anchor = req.anchor;
  }

  const before = req.numBefore > 0 ? run('< ?', 'DESC', req.numBefore, anchor).reverse() : [];
  const atAnchor = req.includeAnchor ? run('= ?', 'ASC', 1, anchor) : [];
  const after = req.numAfter > 0 ? run('> ?', 'ASC', req.numAfter, anchor) : [];
  return {
    anchor,
    ids: [...before, ...atAnchor, ...after],
    foundAnchor: atAnchor.length === 1,
    foundOldest: anchoredLeft || before.length < req.numBefore,
    foundNewest: anchoredRight || after.length < req.numAfter,
  };
}

/** The subset of `ids` that match the query, ascending. */
export function fetchByIds(store: Store, query: NarrowQuery, ids: number[]): number[] {
  const sql = `SELECT ${query.idExpr} AS id ${query.from}
    WHERE ${[...query.where, `${query.idExpr} IN (SELECT value FROM json_each(?))`].join(' AND ')} ORDER BY ${query.idExpr}`;
  return store.db
    .prepare<unknown[], { id: number }>(sql)
    .all(...query.args, JSON.stringify(ids))
    .map((row) => row.id);
}
