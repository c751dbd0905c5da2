/** Formatters as `useFormatters()` gives them (shared/utils/format). */
export interface DateFormatters {
  date(value: string | null | undefined): string;
  dateTime(value: string | null | undefined): string;
}

/**
 * When a calendar entry happens: its start (date and time), with the end time on the same day
 * ('5 Mar 2026 10:00–12:00') or the whole end on another day ('5 Mar 2026 10:00 – 7 Mar 2026 18:00').
 */
export function formatEntryTime(
  startAt: string | null,
  endAt: string | null,
  formatters: DateFormatters,
): string {
  if (!startAt) return endAt ? formatters.dateTime(endAt) : '';
  const start = formatters.dateTime(startAt);
  if (!endAt || endAt === startAt) return start;
  const endDay = formatters.date(endAt);
  const end = formatters.dateTime(endAt);
  if (endDay === formatters.date(startAt)) return `${start}–${end.slice(endDay.length).trim()}`;
  return `${start} – ${end}`;
}

/** A span of days ('5 Mar 2026', or '5 Mar 2026 – 7 Mar 2026'). */
export function formatDaySpan(date: string, dateEnd: string | null, formatters: DateFormatters): string {
  const start = formatters.date(date);
  if (!dateEnd) return start;
  const end = formatters.date(dateEnd);
  return end && end !== start ? `${start} – ${end}` : start;
}
