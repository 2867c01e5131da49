/**
 * Narrows as the API takes them, and the translation from the app's Narrow (IDs only) to them,
 * picking operator names the server's feature level understands.
 */
import type { Narrow } from '../../common/model';
import { supports } from './features';

/** One narrow element: `{operator, operand, negated?}`. */
export interface ApiNarrowElement {
  operator: string;
  operand: string | number | number[];
  negated?: boolean;
}
export type ApiNarrow = ApiNarrowElement[];

/**
 * The API narrow for a view. `ownUserId` is needed for the self-DM, whose `userIds` list is empty
 * in the app but which the server addresses as a DM with oneself.
 */
export function toApiNarrow(narrow: Narrow, featureLevel: number, ownUserId: number): ApiNarrow {
  const channel = supports(featureLevel, 'channelNarrowOperator') ? 'channel' : 'stream';
  switch (narrow.kind) {
    case 'channel':
      return [{ operator: channel, operand: narrow.channelId }];
    case 'topic':
      return [
        { operator: channel, operand: narrow.channelId },
        { operator: 'topic', operand: narrow.topic },
      ];
    case 'dm': {
      const operator = supports(featureLevel, 'dmNarrowOperator') ? 'dm' : 'pm-with';
      const userIds = narrow.userIds.length === 0 ? [ownUserId] : [...narrow.userIds].sort((a, b) => a - b);
      return [{ operator, operand: userIds }];
    }
    case 'all':
      // Zulip's narrow for every message; the muting rules are applied where the feed is shown.
      return [];
  }
}
