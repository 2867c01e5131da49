/** The synthetic history: the same however it is sliced, and shaped like what the app expects. */
import { describe, expect, it } from 'vitest';
import { toCachedMessage } from '../../main/sync/convert';
import { dmKeyOf } from '../../main/store/narrows';
import { dmParticipants, generateMessages, messageAt } from '../fixtures/corpus';
import { VOCABULARY_SIZE, wordAt } from '../fixtures/words';

describe('corpus', () => {
  it('gives message N the same content in any slice', () => {
    const whole = generateMessages(1, 50, 1000);
    const slice = generateMessages(21, 10, 1000);
    expect(slice).toEqual(whole.slice(20, 30));
    expect(messageAt(25, 1000)).toEqual(whole[24]);
  });

  it('keeps DMs inside their conversation and leaves the newest 3% unread', () => {
    const messages = generateMessages(1, 2000, 2000).map((w) => toCachedMessage(w.message, w.flags));
    const dms = messages.filter((m) => m.dmKey !== null);
    expect(dms.length).toBeGreaterThan(100);
    const known = new Set(Array.from({ length: 40 }, (_, k) => dmKeyOf(dmParticipants(k))));
    for (const m of dms) expect(known.has(m.dmKey!)).toBe(true);
    const unread = messages.filter((m) => !m.read).map((m) => m.id);
    expect(unread.length).toBe(60);
    expect(Math.min(...unread)).toBe(1941);
  });

  it('has distinct words, none a prefix of another', () => {
    const words = Array.from({ length: VOCABULARY_SIZE }, (_, rank) => wordAt(rank));
    expect(new Set(words).size).toBe(VOCABULARY_SIZE);
    const sorted = [...words].sort();
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.startsWith(sorted[i - 1]!)).toBe(false);
    expect(() => wordAt(VOCABULARY_SIZE)).toThrow(/no word/);
  });
});
