import { describe, expect, it } from 'vitest';
import { externalUrlToOpen, isAppUrl } from '../../main/shell/navigation';

const entry = 'file:///opt/Parley/resources/app.asar/renderer/dist/index.html';

describe('isAppUrl', () => {
  it('accepts the entry page itself, with any hash or query', () => {
    expect(isAppUrl(entry, entry)).toBe(true);
    expect(isAppUrl(`${entry}#/channel/3`, entry)).toBe(true);
    expect(isAppUrl(`${entry}?reload=1`, entry)).toBe(true);
  });

  it('refuses other files, even next to the entry page', () => {
    expect(isAppUrl('file:///opt/Parley/resources/app.asar/renderer/dist/other.html', entry)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', entry)).toBe(false);
    expect(isAppUrl('file://evil-host/opt/Parley/resources/app.asar/renderer/dist/index.html', entry)).toBe(false);
  });

  it('refuses web pages and garbage when the app is a file', () => {
    expect(isAppUrl('https://chat.example.com/', entry)).toBe(false);
    expect(isAppUrl('javascript:alert(1)', entry)).toBe(false);
    expect(isAppUrl('not a url', entry)).toBe(false);
    expect(isAppUrl(entry, 'not a url')).toBe(false);
  });

  it('accepts only the entry page of the app:// scheme', () => {
    const app = 'app://parley/index.html';
    expect(isAppUrl('app://parley/index.html#/inbox', app)).toBe(true);
    expect(isAppUrl('app://parley/index.html?x=1', app)).toBe(true);
    expect(isAppUrl('app://parley/other.html', app)).toBe(false);
    expect(isAppUrl('app://evil/index.html', app)).toBe(false);
    expect(isAppUrl('file:///index.html', app)).toBe(false);
    expect(isAppUrl('https://parley/index.html', app)).toBe(false);
  });

  it('compares origins when the app is served over http (a dev server)', () => {
    const dev = 'http://127.0.0.1:5173/';
    expect(isAppUrl('http://127.0.0.1:5173/index.html#x', dev)).toBe(true);
    expect(isAppUrl('http://127.0.0.1:5174/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', dev)).toBe(false);
    expect(isAppUrl('data:text/html,hi', dev)).toBe(false);
  });
});

describe('externalUrlToOpen', () => {
  it('passes web and mail links on, normalised', () => {
    expect(externalUrlToOpen('https://zulip.com/help')).toBe('https://zulip.com/help');
    expect(externalUrlToOpen('HTTP://Example.COM')).toBe('http://example.com/');
    expect(externalUrlToOpen('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });

  it('hands Zulip’s tel: and sms: links to the system (its phone and messages apps)', () => {
    expect(externalUrlToOpen('tel:+14155551234')).toBe('tel:+14155551234');
    expect(externalUrlToOpen('sms:+14155551234')).toBe('sms:+14155551234');
  });

  it('refuses schemes that could run code or reach local files', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'smb://server/share',
      'ms-msdt:/id',
      'zulip://login?otp=1',
      'about:blank',
      '',
      'https//missing-colon',
    ]) {
      expect(externalUrlToOpen(url), url).toBeNull();
    }
  });
});
