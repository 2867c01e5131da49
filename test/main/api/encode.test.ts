import { describe, expect, it } from 'vitest';
import { basicAuthHeader, encodeParams, encodeValue, parseRetryAfterHeader } from '../../../main/api/encode';

describe('encodeValue', () => {
  it('sends strings as they are and everything else as JSON text', () => {
    expect(encodeValue('hello "world"')).toBe('hello "world"');
    expect(encodeValue(42)).toBe('42');
    expect(encodeValue(true)).toBe('true');
    expect(encodeValue(null)).toBe('null');
    expect(encodeValue([1, 2, 3])).toBe('[1,2,3]');
    expect(encodeValue({ operator: 'channel', operand: 7 })).toBe('{"operator":"channel","operand":7}');
  });

  it('leaves out undefined and refuses values JSON cannot carry', () => {
    expect(encodeValue(undefined)).toBeUndefined();
    expect(() => encodeValue(() => 1)).toThrow(/function/);
    expect(() => encodeValue(10n)).toThrow(/bigint/);
  });
});

describe('encodeParams', () => {
  it('builds a form body that round-trips through URLSearchParams', () => {
    const body = encodeParams({
      type: 'direct',
      to: [3, 4],
      content: 'a&b=c ü',
      read_by_sender: false,
      skip: undefined,
    });
    const parsed = new URLSearchParams(body.toString());
    expect([...parsed.keys()]).toEqual(['type', 'to', 'content', 'read_by_sender']);
    expect(parsed.get('to')).toBe('[3,4]');
    expect(parsed.get('content')).toBe('a&b=c ü');
    expect(parsed.get('read_by_sender')).toBe('false');
  });
});

describe('basicAuthHeader', () => {
  it('encodes email:key as UTF-8 base64', () => {
    const header = basicAuthHeader('zoë@example.com', 'abc123');
    expect(header.startsWith('Basic ')).toBe(true);
    expect(Buffer.from(header.slice(6), 'base64').toString('utf8')).toBe('zoë@example.com:abc123');
  });
});

describe('parseRetryAfterHeader', () => {
  it('reads delta-seconds, fractional seconds and HTTP dates', () => {
    expect(parseRetryAfterHeader('3')).toBe(3000);
    expect(parseRetryAfterHeader('0.25')).toBe(250);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfterHeader('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
  });

  it('returns null for absent or unreadable values', () => {
    expect(parseRetryAfterHeader(null)).toBeNull();
    expect(parseRetryAfterHeader('')).toBeNull();
    expect(parseRetryAfterHeader('soon')).toBeNull();
  });
});
