import { type AdminHousingCompany, timeZoneOfCountry } from '@porta/contracts';
import { DEFAULT_TIME_ZONE, formatDateNumeric, toIsoDate } from '@porta/web-kit';
import { useGetManyAggregate, useRecordContext, useTranslate } from 'react-admin';

/*
 * The one place the staff app formats days and moments (01 §9): a day as DD.MM.YYYY, a moment as
 * DD.MM.YYYY HH:mm, whatever the browser's zone or language. A moment of one housing company (a
 * service request, a report) is shown in the company's time zone, that of its country; any other
 * in the portal's (Europe/Helsinki).
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

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function timeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant as `DD.MM.YYYY HH:mm` (01 §9 numeric date) in a time zone, by default the portal's;
 * '' without one.
 */
export function formatDateTime(
  value: string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (!value) return '';
  const date = formatDateNumeric(value, { timeZone });
  if (!date) return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? date : `${date} ${timeFormat(timeZone).format(time)}`;
}

/**
 * The time zone of a housing company (of its country), the portal's until it is known or when the
 * company cannot be read. Fields of one list share one request (react-admin aggregates getMany).
 */
export function useHousingCompanyTimeZone(housingCompanyId: string | null | undefined): string {
  const { data } = useGetManyAggregate<AdminHousingCompany>(
    'housing-companies',
    { ids: housingCompanyId ? [housingCompanyId] : [] },
    { enabled: !!housingCompanyId, staleTime: 10 * 60_000, retry: false },
  );
  return timeZoneOfCountry(data?.[0]?.addressCountry);
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
  /** The record's field naming its housing company: the moment is shown in that company's zone. */
  housingCompanySource?: string;
}

/** An instant of the record as `DD.MM.YYYY HH:mm`. */
export function DateTimeField({ source, emptyText, housingCompanySource }: DateTimeFieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(
    housingCompanySource ? (record?.[housingCompanySource] as string | undefined) : undefined,
  );
  const text = formatDateTime(record?.[source] as string | null | undefined, timeZone);
  return <span>{text || (emptyText ? translate(emptyText) : '')}</span>;
}
