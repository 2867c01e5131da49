/** View models built from the cache: names resolved, reactions grouped, unread counts and topics merged. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSidebar, echoView, groupReactions, messageView, userLookup } from '../../../main/accounts/views';
import { AccountStore } from '../../../main/store/account-store';
import { channelMessage, dmMessage, tempDir } from '../store/fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'v.sqlite'));
  const user = (id: number, fullName: string) => ({
    id,
    email: `u${id}@x.example`,
    fullName,
    avatarUrl: `https://x/${id}.png`,
    role: 400,
    isBot: false,
    isActive: true,
    extra: {},
  });
  store.users.replaceAll([user(1, 'Me'), user(2, 'Bea'), user(3, 'Cy')]);
  store.channels.replaceSubscribed([
    {
      id: 5,
      name: 'general',
      description: 'All',
      renderedDescription: '<p>All</p>',
      inviteOnly: false,
      extra: {},
      subscription: { channelId: 5, color: '#123456', isMuted: false, pinToTop: true, settings: {} },
    },
  ]);
  return () => store.close();
});

describe('views', () => {
  it('shows the sender as they are now and groups reactions by emoji', () => {
    const m = channelMessage(9, 5, 'lunch', {
      senderId: 2,
      senderFullName: 'Old Name',
      lastEditTimestamp: 5,
      reactions: [
        { userId: 1, reactionType: 'unicode_emoji', emojiCode: '1f44d', emojiName: '+1' },
        { userId: 3, reactionType: 'unicode_emoji', emojiCode: '1f44d', emojiName: '+1' },
        { userId: 3, reactionType: 'realm_emoji', emojiCode: '42', emojiName: 'parrot' },
      ],
    });
    const view = messageView({ ...m, read: false }, userLookup(store));
    expect(view).toMatchObject({
      id: 9,
      senderName: 'Bea',
      avatarUrl: 'https://x/2.png',
      channelId: 5,
      topic: 'lunch',
      dmUserIds: null,
      edited: true,
      read: false,
    });
    expect(view.reactions).toEqual([
      { emojiName: '+1', emojiCode: '1f44d', reactionType: 'unicode_emoji', userIds: [1, 3] },
      { emojiName: 'parrot', emojiCode: '42', reactionType: 'realm_emoji', userIds: [3] },
    ]);
    expect(groupReactions([])).toEqual([]);
    expect(messageView({ ...dmMessage(10, '1,2'), read: true }, userLookup(store)).dmUserIds).toEqual([1, 2]);
  });

  it('escapes the text of a local echo, which is not server HTML yet', () => {
    const entry = store.outbox.add({
      localId: 'L',
      createdAt: 5000,
      target: { kind: 'dm', userIds: [2] },
      channelId: null,
      topic: '',
      dmKey: '1,2',
      content: '<img src=x onerror=alert(1)> & "hi"',
    });
    const view = echoView(entry, { userId: 1, fullName: 'Me', email: 'u1@x.example' }, userLookup(store));
    expect(view.contentHtml).toBe('<p>&#60;img src=x onerror=alert(1)&#62; &#38; &#34;hi&#34;</p>');
    expect(view).toMatchObject({ id: -entry.seq, localId: 'L', dmUserIds: [1, 2], timestamp: 5, read: true });
  });

  it('builds the sidebar: channels with recent and unread topics, DMs with names, users, empty-topic name', () => {
    store.topics.note(5, 'old', 3);
    store.topics.note(5, 'recent', 30);
    store.unreads.replaceAll([
      { messageId: 40, channelId: 5, topic: 'unread only', dmKey: null },
      { messageId: 41, channelId: 5, topic: 'unread only', dmKey: null },
      { messageId: 31, channelId: 5, topic: 'recent', dmKey: null },
      { messageId: 50, channelId: null, topic: null, dmKey: '1,3' },
    ]);
    store.recentDms.replaceAll([
      { dmKey: '1,2', maxMessageId: 20 },
      { dmKey: '1', maxMessageId: 10 },
    ]);
    store.realm.set('realm_empty_topic_display_name', 'general chat');
    const sidebar = buildSidebar(store, 'acc', 1);
    expect(sidebar.accountId).toBe('acc');
    expect(sidebar.emptyTopicDisplayName).toBe('general chat');
    expect(sidebar.channels).toEqual([
      {
        id: 5,
        name: 'general',
        color: '#123456',
        description: 'All',
        inviteOnly: false,
        isArchived: false,
        isMuted: false,
        pinToTop: true,
        unreadCount: 3,
        topics: [
          { name: 'unread only', maxMessageId: 41, unreadCount: 2 },
          { name: 'recent', maxMessageId: 31, unreadCount: 1 },
          { name: 'old', maxMessageId: 3, unreadCount: 0 },
        ],
        // The realm names an empty-topic display name but no policy: a server that allows "general chat".
        topicsPolicy: 'allow_empty_topic',
        folderId: null,
      },
    ]);
    expect(sidebar.dms).toEqual([
      { userIds: [3], names: ['Cy'], maxMessageId: 50, unreadCount: 1 },
      { userIds: [2], names: ['Bea'], maxMessageId: 20, unreadCount: 0 },
      { userIds: [], names: [], maxMessageId: 10, unreadCount: 0 },
    ]);
    expect(sidebar.users.map((u) => u.fullName)).toEqual(['Bea', 'Cy', 'Me']);
  });
});
