/**
 * Limits and constants from the specification (01 §9, 03 §9), one place each.
 * Services and both web apps import them from here.
 */

/** A silent token refresh starts when fewer than this many seconds remain (01 §4, §9). */
export const TOKEN_REFRESH_WINDOW_SECONDS = 900;
/** Requests answered 500–504 are retried this many times, this far apart (01 §9). */
export const RETRY_COUNT = 2;
export const RETRY_DELAY_MS = 1000;

export const QUICK_LINKS_MAX = 5;
export const HOUSING_COMPANY_SEARCH_THRESHOLD = 10;

export const DASHBOARD_CALENDAR_ITEMS = 4;
export const DASHBOARD_NEWS_ITEMS = 4;
export const BELL_DEADLINES = 2;
export const BELL_COUNT_HIDDEN_MS = 1000;

export const TOAST_MS = 5000;
export const ERROR_DISPLAY_MS = 2000;
export const CAROUSEL_AUTOPLAY_MS = 8000;
/** The app mounts this long after the startup sequence finished (01 §4). */
export const APP_MOUNT_DELAY_MS = 150;

export const PAGE_SIZE_COMMUNITY = 25;
export const PAGE_SIZE_SERVICE_REQUESTS = 10;

/**
 * Password rules (03 §5, the stricter reading; ADR 0020): 8–256 characters, 3 of 4 character
 * classes; a passphrase of PASSPHRASE_MIN_LENGTH characters or more needs no particular classes.
 * Common passwords are refused either way (checkPassword).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_CLASSES = 3;
export const PASSPHRASE_MIN_LENGTH = 15;

/** Generic form validator defaults (03 §5). */
export const FIELD_MAX_LENGTH_DEFAULT = 50;

/**
 * Sign-in throttling (ADR 0007). Failed sign-ins count for an hour. One account from one address
 * has LOGIN_PAIR_FREE_FAILURES attempts, then waits 1 s, 2 s, 4 s … at most
 * LOGIN_PAIR_MAX_DELAY_SECONDS after each further failure (429 with Retry-After); a sign-in that
 * succeeds starts the pair afresh. An account with LOGIN_ACCOUNT_MAX_FAILURES failures from all
 * addresses within the hour takes no more attempts from addresses it has not signed in from in
 * the last LOGIN_KNOWN_ADDRESS_DAYS days.
 */
export const LOGIN_FAILURE_WINDOW_SECONDS = 3600;
export const LOGIN_PAIR_FREE_FAILURES = 5;
export const LOGIN_PAIR_MAX_DELAY_SECONDS = 60;
export const LOGIN_ACCOUNT_MAX_FAILURES = 100;
export const LOGIN_KNOWN_ADDRESS_DAYS = 30;

/** Request bodies larger than this answer 413 unless a route allows more (uploads). */
export const JSON_BODY_LIMIT_BYTES = 1_048_576;

/** Languages (01 §1, 03 §9). The default is English. */
export const LANGUAGES = ['cs', 'en', 'et', 'fi', 'lt', 'lv', 'pl', 'sk', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LOCALES: Record<Language, string> = {
  cs: 'cs_CZ',
  en: 'en_US',
  et: 'et_EE',
  fi: 'fi_FI',
  lt: 'lt_LT',
  lv: 'lv_LV',
  pl: 'pl_PL',
  sk: 'sk_SK',
  sv: 'sv_FI',
};

/** Only the part of a locale before an underscore is used for text lookup (01 §1). */
export function languageOfLocale(locale: string | null | undefined): Language {
  const head = (locale ?? '').split(/[_-]/)[0]?.toLowerCase() ?? '';
  return (LANGUAGES as readonly string[]).includes(head) ? (head as Language) : DEFAULT_LANGUAGE;
}

export const COUNTRIES = [
  'Czech Republic',
  'Estonia',
  'Finland',
  'Latvia',
  'Lithuania',
  'Poland',
  'Slovakia',
] as const;
