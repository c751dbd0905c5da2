import type { z } from 'zod';

/**
 * Characters that do not show but change what a reader sees: control characters (Cc), format
 * characters (Cf: the bidirectional overrides and isolates U+202A–U+202E and U+2066–U+2069, the
 * zero-width space, joiners and marks U+200B–U+200F, the word joiner U+2060, the byte-order mark
 * U+FEFF, the soft hyphen, tag characters …), the line and paragraph separators, and the blank
 * letters that render as nothing (the combining grapheme joiner and the Hangul fillers).
 *
 * A name holding one of them can look like another person's or company's name, or flip the text
 * around it ("Anna\u202Enimda" reads as "Annaadmin"), so names refuse them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029\u115F\u3164\uFFA0]|\u034F|\u1160/u;

/** The field error of a name with an invisible character. */
export const INVISIBLE_CHARACTERS_MESSAGE = 'Value contains invisible or control characters';

/** Does the text hold a character that does not show (see INVISIBLE)? */
export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * The refinement for names of people, companies and places: the value is refused (400
 * VALIDATION_FAILED with a field error at the field) when it holds an invisible character. Put it
 * after `.trim()`, so that the field error names what is left after trimming.
 *
 * ```ts
 * const zName = visibleText(z.string().trim().min(1).max(50));
 * ```
 */
export function visibleText<T extends z.ZodString>(schema: T): T {
  return schema.refine((value) => !hasInvisibleCharacters(value), {
    error: INVISIBLE_CHARACTERS_MESSAGE,
  }) as T;
}
