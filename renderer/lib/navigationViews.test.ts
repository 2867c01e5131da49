import { describe, expect, it } from 'vitest';
import { isBuiltInView, viewTarget } from './navigationViews';

const REALM = 'https://chat.example';

describe('navigation view targets', () => {
  it('open a conversation fragment as its narrow', () => {
    expect(viewTarget('narrow/channel/12-engineering/topic/CI', REALM, 1)).toEqual({
      kind: 'narrow',
      narrow: { kind: 'topic', channelId: 12, topic: 'CI' },
    });
    expect(viewTarget('#narrow/dm/1,5-group', REALM, 1)).toEqual({
      kind: 'narrow',
      narrow: { kind: 'dm', userIds: [5] },
    });
  });

  it('open built-in screens by name, and any other narrow as the search it spells', () => {
    expect(viewTarget('inbox', REALM, 1)).toEqual({ kind: 'screen', screen: 'inbox' });
    expect(viewTarget('narrow/is/starred', REALM, 1)).toEqual({ kind: 'search', query: 'is:starred' });
    expect(viewTarget('narrow/channel/12-engineering/has/link', REALM, 1)).toEqual({
      kind: 'search',
      query: 'channel:12-engineering has:link',
    });
    expect(viewTarget('narrow/topic/lunch.20plans/search/pizza', REALM, 1)).toEqual({
      kind: 'search',
      query: 'topic:"lunch plans" pizza',
    });
    expect(viewTarget('settings/profile', REALM, 1)).toBeNull();
    expect(isBuiltInView('narrow/is/starred')).toBe(true);
  });
});
