import { describe, expect, it } from 'vitest';
import { deliveryWords, fromLocalInput, localInputValue, reminderChoices, sendLaterChoices } from './scheduleTimes';

const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

describe('schedule presets (Zulip’s)', () => {
  it('offers today’s 9 AM and 4 PM only while they are ahead, then tomorrow’s', () => {
    // Wednesday 8:00: both of today's times, both of tomorrow's, no Monday.
    const early = sendLaterChoices(local(2026, 11, 25, 8));
    expect(early.map((c) => c.at)).toEqual([
      secs(local(2026, 11, 25, 9)),
      secs(local(2026, 11, 25, 16)),
      secs(local(2026, 11, 26, 9)),
      secs(local(2026, 11, 26, 16)),
    ]);
    expect(early[0]!.label).toMatch(/^Today at 9/);
    // 15:58: 4 PM is too close (Zulip leaves out a time less than five minutes ahead).
    expect(sendLaterChoices(local(2026, 11, 25, 15, 58)).map((c) => c.label)).not.toContainEqual(
      expect.stringMatching(/^Today/),
    );
  });

  it('adds Monday at 9 AM from Friday to Sunday', () => {
    for (const day of [27, 28, 29]) {
      const monday = sendLaterChoices(local(2026, 11, day, 18)).find((c) => c.label.startsWith('Monday'));
      expect(monday?.at).toBe(secs(local(2026, 11, 30, 9)));
    }
    expect(sendLaterChoices(local(2026, 11, 26, 18)).some((c) => c.label.startsWith('Monday'))).toBe(false);
  });

  it('reminders start with minutes and hours from now, never a time that has passed', () => {
    const now = local(2026, 11, 25, 17);
    const choices = reminderChoices(now);
    expect(choices.slice(0, 3).map((c) => c.at - secs(now))).toEqual([1200, 3600, 10800]);
    expect(choices.every((c) => c.at > secs(now))).toBe(true);
  });

  it('says when in words and round-trips the custom time field', () => {
    const now = local(2026, 11, 25, 17);
    expect(deliveryWords(secs(local(2026, 11, 26, 9)), now)).toMatch(/^Tomorrow at 9/);
    expect(deliveryWords(secs(local(2026, 11, 25, 21)), now)).toMatch(/^Today at 9/);
    const at = secs(local(2026, 12, 1, 10, 30));
    expect(localInputValue(at)).toBe('2026-12-01T10:30');
    expect(fromLocalInput('2026-12-01T10:30')).toBe(at);
    expect(fromLocalInput('')).toBeNull();
  });
});
