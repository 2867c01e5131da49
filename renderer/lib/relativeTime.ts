/**
 * How long ago, as Zulip's Recent conversations says it (timerender's
 * relative_time_string_from_date): "Just now", "5 minutes ago", "An hour ago", "3 hours ago",
 * "Yesterday", "12 days ago", then the date ("Mar 5", with the year when it is another year).
 */
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dayYearFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** Calendar days between two dates in local time (not 24-hour spans: days around a clock change differ). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  const a = Date.UTC(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const b = Date.UTC(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((b - a) / 86_400_000);
}

export function relativeTime(unixSeconds: number, now: Date = new Date()): string {
  const date = new Date(unixSeconds * 1000);
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes <= 2) return 'Just now';
  if (minutes < 60) return `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'An hour ago' : `${hours} hours ago`;
  const days = calendarDaysBetween(date, now);
  if (days <= 1) return 'Yesterday';
  if (days < 90) return `${days} days ago`;
  return (date.getFullYear() === now.getFullYear() ? dayFormat : dayYearFormat).format(date);
}
