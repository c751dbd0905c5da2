/**
 * Number formatting rules (01 §9): prices with two decimals and a decimal comma, file sizes in k.
 *
 * Both group thousands with a no-break space (U+00A0) and put a no-break space between the number and its
 * unit, so `1 234,50 €` and `1 234 k` never wrap inside. (Testing Library and Playwright text matchers
 * treat U+00A0 as an ordinary space.) Negative numbers use the ASCII hyphen-minus. Non-finite input
 * (NaN, ±Infinity, null, undefined) formats as the empty string.
 */

/** No-break space used for digit grouping and before units. */
export const NBSP = '\u00a0';

/** Bytes in one k of {@link formatFileSize}: binary kilobytes, like the spec's upload limits (03 §9). */
export const BYTES_PER_K = 1024;

/** Inserts a no-break space every three digits from the right: `1234567` → `1 234 567`. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

// ICU rounds the shortest decimal form of the number, half away from zero, so 1.005 → 1.01 (unlike
// `toFixed`, which sees the binary value 1.00499...). No grouping: grouping is done by groupDigits.
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  roundingMode: 'halfExpand',
  useGrouping: false,
});

export interface PriceOptions {
  /**
   * Currency text shown after the amount, separated by a no-break space: `'€'` gives `12,50 €`.
   * Written as given (`'EUR'` stays `EUR`). Without it only the amount is shown.
   */
  currency?: string;
}

/**
 * Formats a price (01 §9 "price shows with 2 decimals and a comma"): always two decimals, a comma as the
 * decimal separator, thousands grouped with a no-break space, the optional currency after the amount:
 * `formatPrice(12.5, { currency: '€' })` → `12,50 €`. Rounds half away from zero on the decimal value
 * (1.005 → `1,01`, -1.005 → `-1,01`); amounts that round to zero show without a sign (`0,00`).
 */
export function formatPrice(amount: number | null | undefined, options: PriceOptions = {}): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '';
  const fixed = twoDecimals.format(amount); // e.g. "-1234.50"
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [whole = '0', fraction = '00'] = fixed.replace('-', '').split('.');
  const number = `${negative ? '-' : ''}${groupDigits(whole)},${fraction}`;
  const currency = options.currency?.trim();
  return currency ? `${number}${NBSP}${currency}` : number;
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: false });

/**
 * Formats a file size in k (01 §9 "file size is shown in k"), 1 k = 1024 bytes. Rounds up, so any
 * non-empty file shows at least `1 k` and a size is never understated: 1 byte → `1 k`, 1024 → `1 k`,
 * 1025 → `2 k`, 1 263 616 → `1 234 k`. Zero bytes → `0 k`. Negative or non-finite sizes → `''`.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const k = Math.ceil(bytes / BYTES_PER_K);
  return `${groupDigits(wholeNumber.format(k))}${NBSP}k`;
}
