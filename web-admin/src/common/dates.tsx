import { formatDateNumeric, toIsoDate } from '@porta/web-kit';
import { useRecordContext, useTranslate } from 'react-admin';

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
