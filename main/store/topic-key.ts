/**
 * Zulip treats topic names that differ only in letter case as one topic: a topic narrow, unread
 * counts, the topic list and topic visibility policies all match without regard to case. The cache
 * keeps each message's topic as written and matches on this folded key, stored beside it.
 */
export function topicKey(name: string): string {
  return name.toLowerCase();
}
