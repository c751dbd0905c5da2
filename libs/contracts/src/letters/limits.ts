/** Limits of e-mail letters (03 §3, §5), one place each (ADR 0032). */

export const LETTER_TITLE_MAX_CHARS = 200;
export const LETTER_PREHEADER_MAX_CHARS = 200;
/** The letter's HTML, as the editor sends it, before sanitising. */
export const LETTER_CONTENT_MAX_CHARS = 200_000;
/** A recipient's name. */
export const LETTER_NAME_MAX_CHARS = 200;
/** Named recipients (added one by one or from CSV) of one letter at most. */
export const LETTER_RECIPIENTS_MAX = 100_000;
/** A CSV import at most, in bytes (100,000 rows of name and address fit easily). */
export const LETTER_CSV_MAX_BYTES = 10 * 1024 * 1024;
/** Rows refused in one import that are listed (the count says how many more). */
export const LETTER_CSV_FAILURES_LISTED = 100;
/** A page of letters or recipients at most; the default page. */
export const LETTER_PAGE_MAX = 100;
export const LETTER_PAGE_DEFAULT = 25;
/** Test addresses of one test send at most (03 §5: comma separated, each checked). */
export const LETTER_TEST_ADDRESSES_MAX = 10;
/** A bounce posted to the bounce endpoint at most (the report and the returned headers). */
export const LETTER_BOUNCE_MAX_BYTES = 1024 * 1024;
