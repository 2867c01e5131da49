/** Which screen fills Home's main area: the open narrow, or one of the other screens. */
export type Screen =
  | { kind: 'narrow' }
  | { kind: 'inbox' }
  | { kind: 'recent' }
  | { kind: 'followed' }
  | { kind: 'search'; title: string }
  | { kind: 'drafts' }
  | { kind: 'settings' }
  | { kind: 'snippets' }
  | { kind: 'scheduled' }
  | { kind: 'views' }
  | { kind: 'channels' }
  | { kind: 'channelSettings'; channelId: number }
  | { kind: 'admin' }
  | { kind: 'alertWords' };

export type ScreenKind = Screen['kind'];
