/** Small view-model builders for renderer tests. */
import type { AccountSummary, MessageView, ServerInfo, Sidebar, UserSummary } from '../../common/model';

export const SELF_ID = 10;

export function account(overrides: Partial<AccountSummary> = {}): AccountSummary {
  return {
    id: 'acc-1',
    realmUrl: 'https://chat.example.com',
    realmName: 'Example Org',
    realmIcon: null,
    email: 'me@example.com',
    userId: SELF_ID,
    fullName: 'Me Myself',
    featureLevel: 400,
    status: { state: 'live' },
    ...overrides,
  };
}

export function message(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 100,
    senderId: 11,
    senderName: 'Alice Adams',
    senderEmail: 'alice@example.com',
    avatarUrl: null,
    timestamp: 1_700_000_000,
    contentHtml: '<p>Hello</p>',
    channelId: 1,
    topic: 'greetings',
    dmUserIds: null,
    reactions: [],
    edited: false,
    read: true,
    starred: false,
    ...overrides,
  };
}

export function sidebar(overrides: Partial<Sidebar> = {}): Sidebar {
  return {
    accountId: 'acc-1',
    channels: [
      {
        id: 1,
        name: 'general',
        color: '#76ce90',
        description: 'Everything',
        inviteOnly: false,
        isMuted: false,
        pinToTop: false,
        unreadCount: 3,
        topics: [
          { name: 'greetings', maxMessageId: 120, unreadCount: 2 },
          { name: '', maxMessageId: 110, unreadCount: 1 },
        ],
      },
      {
        id: 2,
        name: 'design',
        color: '#a6c7e5',
        description: '',
        inviteOnly: true,
        isMuted: false,
        pinToTop: false,
        unreadCount: 0,
        topics: [],
      },
    ],
    dms: [{ userIds: [11], names: ['Alice Adams'], maxMessageId: 130, unreadCount: 1 }],
    users: [
      {
        id: SELF_ID,
        fullName: 'Me Myself',
        email: 'me@example.com',
        avatarUrl: null,
        role: 400,
        isBot: false,
        isActive: true,
      },
      {
        id: 11,
        fullName: 'Alice Adams',
        email: 'alice@example.com',
        avatarUrl: null,
        role: 400,
        isBot: false,
        isActive: true,
      },
    ],
    emptyTopicDisplayName: 'general chat',
    ...overrides,
  };
}

export function serverInfo(overrides: Partial<ServerInfo> = {}): ServerInfo {
  return {
    realmUrl: 'https://chat.example.com',
    namedElsewhere: null,
    insecure: false,
    realmName: 'Example Org',
    realmIcon: 'https://chat.example.com/icon.png',
    realmDescription: '<p>The <strong>example</strong> organization<img src=x onerror="alert(1)"></p>',
    featureLevel: 400,
    version: '11.0',
    mergeBase: '11.0',
    emailAuthEnabled: true,
    requireEmailFormatUsernames: true,
    externalAuthMethods: [
      { name: 'github', displayName: 'GitHub', displayIcon: null, loginUrl: '/accounts/login/social/github' },
    ],
    isIncompatible: false,
    pushNotificationsEnabled: false,
    ...overrides,
  };
}

/** A person of the organization (a member unless `extra` says otherwise). */
export function person(id: number, fullName: string, extra: Partial<UserSummary> = {}): UserSummary {
  return {
    id,
    fullName,
    email: `${id}@example.com`,
    avatarUrl: null,
    role: 400,
    isBot: false,
    isActive: true,
    ...extra,
  };
}
