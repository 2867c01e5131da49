import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../common/model';
import { sidebar } from '../testing/fixtures';
import { encodeHashComponent, messageLink, quoteMarkdown } from './quote';

const base: MessageView = {
  id: 321,
  senderId: 12,
  senderName: 'Ada Lovelace',
  senderEmail: 'ada@x.test',
  avatarUrl: null,
  timestamp: 1_700_000_000,
  contentHtml: '<p>hi</p>',
  channelId: 1,
  topic: 'lunch plans (v2)',
  dmUserIds: null,
  reactions: [],
  edited: false,
  read: true,
  starred: false,
};

describe('quote and reply', () => {
  it('encodes narrow operands the way the web app does', () => {
    expect(encodeHashComponent('lunch plans (v2).')).toBe('lunch.20plans.20.28v2.29.2E');
  });

  it('links to the message near its conversation, for channels and DMs', () => {
    expect(messageLink('https://chat.example/', base, sidebar())).toBe(
      'https://chat.example/#narrow/channel/1-general/topic/lunch.20plans.20.28v2.29/near/321',
    );
    expect(messageLink('https://chat.example', { ...base, channelId: null, dmUserIds: [1, 12] }, null)).toBe(
      'https://chat.example/#narrow/dm/1,12-dm/near/321',
    );
  });

  it('quotes with a silent mention and a fence longer than any inside', () => {
    const raw = 'look:\n```py\nprint(1)\n```';
    const text = quoteMarkdown(base, raw, 'https://chat.example', sidebar());
    expect(text).toBe(
      '@_**Ada Lovelace|12** [said](https://chat.example/#narrow/channel/1-general/topic/lunch.20plans.20.28v2.29/near/321):\n' +
        '````quote\nlook:\n```py\nprint(1)\n```\n````\n',
    );
    expect(quoteMarkdown(base, 'plain', 'https://c.x', null)).toContain('```quote\nplain\n```\n');
  });
});
