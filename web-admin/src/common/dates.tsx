import { DEFAULT_TIME_ZONE, formatDateNumeric, toIsoDate } from '@porta/web-kit';
import { useRecordContext, useTranslate } from 'react-admin';

/*
 * The one place the staff app formats days and moments (01 §9): a day as DD.MM.YYYY, a moment as
 * DD.MM.YYYY HH:mm, both in the portal's time zone (Europe/Helsinki), whatever the browser's zone
 * or language.
 */

/** Today in the portal's time zone, YYYY-MM-DD (the form dates travel in, 03 §5). */
export function todayIso(): string {
  return toIsoDate(new Date());
}

/** A date as DD.MM.YYYY (01 §9), or '' when there is none. */
export function formatDay(value: string | null | undefined): string {
  return value ? formatDateNumeric(value) : '';
}

interface DayFieldProps {
  source: string;
  /** Read by Datagrid and SimpleShowLayout for the column header and label. */
  label?: string;
  sortable?: boolean;
  /** Translation key shown when there is no date. */
  emptyText?: string;
}

/** A calendar date of the record as DD.MM.YYYY (01 §9). */
export function DayField({ source, emptyText }: DayFieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as string | null | undefined;
  const text = formatDay(value);
  return <span>{text || (emptyText ? translate(emptyText) : '')}</span>;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as `DD.MM.YYYY HH:mm` in the portal's time zone (01 §9 numeric date), '' without one. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = formatDateNumeric(value);
  if (!date) return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? date : `${date} ${timeFormat.format(time)}`;
}

/**
 * A `datetime-local` value (the browser's wall-clock time) as an ISO instant, as the content API
 * takes times; '' or null stays null.
 */
export function isoFromLocal(value: unknown): string | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const time = new Date(String(value));
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

interface DateTimeFieldProps {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
  /** Translation key shown when there is no time. */
  emptyText?: string;
}

/** An instant of the record as `DD.MM.YYYY HH:mm`. */
export function DateTimeField({ source, emptyText }: DateTimeFieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const text = formatDateTime(record?.[source] as string | null | undefined);
  return <span>{text || (emptyText ? translate(emptyText) : '')}</span>;
}
