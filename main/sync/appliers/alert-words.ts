/** alert_words events: the user's whole list, after a change on any of their clients. */
import type { AlertWordsEvent } from '../../api/schemas/presence';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyAlertWords({ store }: ApplyContext, ev: AlertWordsEvent): Delta[] {
  store.alertWords.replaceAll(ev.alert_words);
  return [{ kind: 'recordsChanged', areas: ['alertWords'] }];
}
