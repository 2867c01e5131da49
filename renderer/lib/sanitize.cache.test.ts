/**
 * A message's HTML is sanitized once, not each time its row is built or its message object is
 * replaced (read, reacted to): DOMPurify's parse was half of a new row's cost in Chromium (issue 28).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { sanitizeHtml } from './sanitize';

afterEach(() => vi.restoreAllMocks());

it('parses the same HTML for the same organization once, and gives the same result', () => {
  const parses = vi.spyOn(DOMParser.prototype, 'parseFromString');
  const html = `<p>cached <a href="/#narrow/channel/1">here</a> ${Math.random()}</p>`;
  const first = sanitizeHtml(html, { baseUrl: 'https://chat.example.com' });
  const second = sanitizeHtml(html, { baseUrl: 'https://chat.example.com' });
  expect(second).toBe(first);
  expect(first).toContain('href="https://chat.example.com/#narrow/channel/1"');
  expect(parses).toHaveBeenCalledTimes(1);
});

it('sanitizes again for another organization, whose links point elsewhere', () => {
  const html = `<p><a href="/user_uploads/a.txt">file</a> ${Math.random()}</p>`;
  const one = sanitizeHtml(html, { baseUrl: 'https://one.example.com' });
  const other = sanitizeHtml(html, { baseUrl: 'https://other.example.com' });
  expect(one).toContain('https://one.example.com/user_uploads/a.txt');
  expect(other).toContain('https://other.example.com/user_uploads/a.txt');
});
