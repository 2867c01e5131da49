/**
 * The conversation the window shows for this account, as view:open last said (at start, the one
 * the last run showed). New messages outside it go to the renderer as counts only (the sidebar's
 * delta): their message views are neither built nor sent, since the message list drops them
 * (issue 28: a message to a channel nobody has open must cost the core almost nothing).
 *
 * Sound against a narrow being opened meanwhile: view:open reaches the core before that narrow's
 * messages:page (one ordered bridge), so a message stored before view:open is in the page's answer
 * and one stored after it is sent as added.
 */
import type { Narrow } from '../../common/model';
import { narrowFilter, type NarrowFilter } from '../store/narrows';
import type { CachedMessage } from '../store/repos/message-rows';
import { topicKey } from '../store/topic-key';

export class OpenView {
  #filter: NarrowFilter | null;

  constructor(
    narrow: Narrow | null,
    private readonly selfId: number,
  ) {
    this.#filter = narrow ? narrowFilter(narrow, selfId) : null;
  }

  set(narrow: Narrow): void {
    this.#filter = narrowFilter(narrow, this.selfId);
  }

  /** The open view's filter, or null when none is known. */
  filter(): NarrowFilter | null {
    return this.#filter;
  }

  /** Whether the message belongs to the open view; with none known, every message may. */
  shows(m: Pick<CachedMessage, 'channelId' | 'topic' | 'dmKey'>): boolean {
    const f = this.#filter;
    if (f === null) return true;
    switch (f.kind) {
      case 'all':
        return true;
      case 'channel':
        return m.channelId === f.channelId;
      case 'topic':
        return m.channelId === f.channelId && topicKey(m.topic) === topicKey(f.topic);
      case 'dm':
        return m.dmKey === f.dmKey;
    }
  }
}
