/** Which links the OS hands the app count as the end of a browser sign-in, and when they are delivered. */
import { describe, expect, it } from 'vitest';
import { LinkInbox, isLoginLink, loginLinkIn } from '../../../main/shell/deep-link';

describe('zulip:// sign-in links', () => {
  it('recognises zulip://login links only', () => {
    expect(isLoginLink('zulip://login?realm=https%3A%2F%2Fchat.example.com&email=a%40b.c')).toBe(true);
    expect(isLoginLink('  ZULIP://login/?x=1 ')).toBe(true);
    expect(isLoginLink('zulip://loginx?x=1')).toBe(false);
    expect(isLoginLink('zulip://settings')).toBe(false);
    expect(isLoginLink('https://chat.example.com/login')).toBe(false);
  });

  it('finds the link among the arguments a second instance was started with', () => {
    const link = 'zulip://login?realm=x';
    expect(loginLinkIn(['/usr/bin/parley', '--no-sandbox', link])).toBe(link);
    expect(loginLinkIn(['/usr/bin/parley', '--flag'])).toBeNull();
  });

  it('holds links that arrive before the core is ready and delivers them in order, then at once', () => {
    const inbox = new LinkInbox();
    const got: string[] = [];
    inbox.receive('zulip://login?n=1');
    inbox.receive('https://not-a-login');
    inbox.receive('zulip://login?n=2');
    expect(got).toEqual([]);
    inbox.ready((l) => got.push(l));
    expect(got).toEqual(['zulip://login?n=1', 'zulip://login?n=2']);
    inbox.receive('zulip://login?n=3');
    expect(got).toEqual(['zulip://login?n=1', 'zulip://login?n=2', 'zulip://login?n=3']);
  });
});
