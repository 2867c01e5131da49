import { describe, expect, it } from 'vitest';
import { narrowFromLink } from './narrowLinks';

const REALM = 'https://chat.example.com';

describe('narrowFromLink', () => {
  it('reads channel, topic and message links, old and new operator names', () => {
    expect(narrowFromLink(`${REALM}/#narrow/channel/12-general`, REALM, 1)).toEqual({ kind: 'channel', channelId: 12 });
    expect(narrowFromLink(`${REALM}/#narrow/stream/12-general/topic/weekly.20sync`, REALM, 1)).toEqual({
      kind: 'topic',
      channelId: 12,
      topic: 'weekly sync',
    });
    expect(narrowFromLink(`${REALM}/#narrow/channel/3-design/topic/caf.C3.A9/near/99`, REALM, 1)).toEqual({
      kind: 'topic',
      channelId: 3,
      topic: 'café',
    });
  });

  it('reads DM links, without the reader among the people', () => {
    expect(narrowFromLink(`${REALM}/#narrow/dm/7,1,5-group`, REALM, 1)).toEqual({ kind: 'dm', userIds: [5, 7] });
    expect(narrowFromLink(`${REALM}/#narrow/pm-with/9-Ada`, REALM, 1)).toEqual({ kind: 'dm', userIds: [9] });
  });

  it('leaves other links to the browser', () => {
    expect(narrowFromLink('https://evil.example/#narrow/channel/12-general', REALM, 1)).toBeNull();
    expect(narrowFromLink(`${REALM}/help/`, REALM, 1)).toBeNull();
    expect(narrowFromLink(`${REALM}/#narrow/search/cats`, REALM, 1)).toBeNull();
    expect(narrowFromLink('not a url', REALM, 1)).toBeNull();
  });
});
