import { LANGUAGES, type Language } from '../constants.js';

/**
 * A notice's title in every language (01 §1), from texts with {title}, {name}, {subject}… filled in
 * as written (never read as a pattern); a name without a value is left as it is.
 */
export function noticeTitles(
  texts: Record<Language, string>,
  values: Record<string, string>,
): Record<Language, string> {
  const out = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    out[lang] = texts[lang].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  }
  return out;
}
