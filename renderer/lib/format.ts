/** Display formatting shared by views: times, emoji, counts. */
import type { Reaction } from '../../common/model';
import { display } from './displayPrefs.svelte';

/** Formatters per clock: the locale's own, 24-hour or 12-hour (the user's twenty_four_hour_time). */
const timeFormats = new Map<boolean | null, { time: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();
function formats(): { time: Intl.DateTimeFormat; full: Intl.DateTimeFormat } {
  const h24 = display.twentyFourHour;
  let f = timeFormats.get(h24);
  if (!f) {
    const hour12 = h24 === null ? {} : { hour12: !h24 };
    f = {
      time: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', ...hour12 }),
      full: new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short', ...hour12 }),
    };
    timeFormats.set(h24, f);
  }
  return f;
}

export function formatTime(unixSeconds: number): string {
  return formats().time.format(new Date(unixSeconds * 1000));
}

export function formatFullTime(unixSeconds: number): string {
  return formats().full.format(new Date(unixSeconds * 1000));
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full' });

/** The local calendar day of a timestamp, as a key: messages on one day share it. */
export function localDay(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** A day separator's text: "Today", "Yesterday", or the full date ("Friday, 20 November 2026"). */
export function formatDay(unixSeconds: number, now: Date = new Date()): string {
  const today = localDay(now.getTime() / 1000);
  // The calendar day before, not 24 hours before: around a daylight-saving change a day has 23 or
  // 25 hours, and "now − 86,400 s" lands on the wrong day for an hour.
  const dayBefore = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
  const yesterday = localDay(dayBefore.getTime() / 1000);
  const day = localDay(unixSeconds);
  if (day === today) return 'Today';
  if (day === yesterday) return 'Yesterday';
  return dayFormat.format(new Date(unixSeconds * 1000));
}

const barDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const barDayYearFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The date on a recipient bar or a date line, short as Zulip's timerender.render_date:
 * "Today", "Yesterday", "Nov 20", and the year only when it is not this year ("Nov 20, 2025").
 */
export function formatShortDay(unixSeconds: number, now: Date = new Date()): string {
  const long = formatDay(unixSeconds, now);
  if (long === 'Today' || long === 'Yesterday') return long;
  const date = new Date(unixSeconds * 1000);
  return (date.getFullYear() === now.getFullYear() ? barDayFormat : barDayYearFormat).format(date);
}

export function isoTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/**
 * The glyph of a unicode_emoji reaction from its code ("1f44d", or "1f468-200d-1f4bb" for
 * sequences). Custom (realm) emoji have images we do not load yet, so they show as :name:.
 */
export function reactionGlyph(reaction: Reaction): string {
  if (reaction.reactionType === 'unicode_emoji') {
    const points = reaction.emojiCode.split('-').map((part) => Number.parseInt(part, 16));
    if (points.length > 0 && points.every((p) => Number.isInteger(p) && p >= 0 && p <= 0x10ffff)) {
      return String.fromCodePoint(...points);
    }
  }
  return `:${reaction.emojiName}:`;
}

/** Two letters for an avatar placeholder. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return (
    letters
      .map((p) => [...(p ?? '')][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** Badge text: very large counts are capped so the sidebar keeps its width. */
export function unreadBadge(count: number): string {
  return count > 999 ? '999+' : String(count);
}
