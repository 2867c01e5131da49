/** Every migration of an account database, in order. Add new ones at the end, never edit old ones. */
import type { Migration } from '../../migrate';
import { initialAccountSchema } from './0001-initial';
import { searchStarredMentions } from './0002-search-starred-mentions';
import { recordsSchema } from './0003-records';
import { outboxRecovery } from './0004-outbox-recovery';
import { presenceAlertWords } from './0005-presence-alert-words';
import { topicKeys } from './0006-topic-keys';
import { flagIndexes } from './0007-flag-indexes';
import { unreadCounts } from './0008-unread-counts';
import { searchBacklog } from './0009-search-backlog';
import { unreadTotals } from './0010-unread-totals';
import { emojiTable } from './0011-emoji-table';
import { unverifiedRanges } from './0012-unverified-ranges';
import { scheduledMessages } from './0013-scheduled';
import { presenceSeenIndexes } from './0014-presence-seen-indexes';
import { unreadCountPause } from './0015-unread-count-pause';

export const accountMigrations: readonly Migration[] = [
  initialAccountSchema,
  searchStarredMentions,
  recordsSchema,
  outboxRecovery,
  presenceAlertWords,
  topicKeys,
  flagIndexes,
  unreadCounts,
  searchBacklog,
  unreadTotals,
  emojiTable,
  unverifiedRanges,
  scheduledMessages,
  presenceSeenIndexes,
  unreadCountPause,
];
