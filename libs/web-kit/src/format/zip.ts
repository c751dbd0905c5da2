/** Length of a zip code (03 §5: "Zip code format such as 00520"). */
export const ZIP_LENGTH = 5;

/**
 * Pads a zip code shorter than five characters with leading zeros (03 §5): `'520'` → `'00520'`,
 * `520` → `'00520'`. Surrounding whitespace is trimmed. Only all-digit codes are padded; others (such as
 * `'LV-1050'` or `'00-950'`) and codes of five or more characters are returned trimmed but otherwise
 * unchanged. Empty input, null, undefined and non-integer or negative numbers give `''`.
 */
export function padZip(zip: string | number | null | undefined): string {
  if (typeof zip === 'number') {
    return Number.isSafeInteger(zip) && zip >= 0 ? String(zip).padStart(ZIP_LENGTH, '0') : '';
  }
  const text = (zip ?? '').trim();
  return /^\d+$/.test(text) ? text.padStart(ZIP_LENGTH, '0') : text;
}
