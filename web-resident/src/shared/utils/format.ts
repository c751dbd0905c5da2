import { languageOfLocale } from '@porta/contracts';
import { type DateInput, DEFAULT_TIME_ZONE, formatDate, toCalendarDate } from '@porta/web-kit';
import { useTranslation } from 'react-i18next';

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time (HH:MM, 24 h) of an instant in the portal's home time zone. */
function formatTime(input: Date, language: string): string {
  let formatter = timeFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: DEFAULT_TIME_ZONE,
    });
    timeFormatters.set(language, formatter);
  }
  return formatter.format(input);
}

/**
 * A date and time: the date as 01 §9 formats dates (web-kit `formatDate`), then the time of day in
 * the portal's time zone. Invalid input gives ''.
 */
export function formatDateTime(value: DateInput, languageOrLocale: string): string {
  if (!toCalendarDate(value)) return '';
  const date = formatDate(value, languageOrLocale);
  const instant = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(instant.getTime())) return date;
  return `${date} ${formatTime(instant, languageOfLocale(languageOrLocale))}`;
}

/** Date formatters bound to the interface language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
  return {
    language,
    date: (value: DateInput) => formatDate(value, language),
    dateTime: (value: DateInput) => formatDateTime(value, language),
  };
}
