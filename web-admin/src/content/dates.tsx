import { DEFAULT_TIME_ZONE, formatDateNumeric } from '@porta/web-kit';
import { useRecordContext, useTranslate } from 'react-admin';

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
