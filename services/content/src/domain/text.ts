import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@porta/contracts';

export function languageOf(lang: string | undefined | null): Language {
  return lang && (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

/**
 * The variant to show: the reader's language, else the item's default language, else English,
 * else any. Answers the variant and the language it is in.
 */
export function pickVariant<T>(
  variants: Partial<Record<string, T>>,
  language: Language,
  defaultLanguage: string,
): { variant: T; language: Language } {
  for (const lang of [language, defaultLanguage, DEFAULT_LANGUAGE]) {
    const v = variants[lang];
    if (v) return { variant: v, language: lang as Language };
  }
  const [lang, v] = Object.entries(variants).find(([, value]) => value) ?? [];
  if (!v) throw new Error('an item without language variants');
  return { variant: v as T, language: languageOf(lang) };
}

/** Cut a plain text to at most max characters, ending in '…' when cut (at a word when close). */
export function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const hard = clean.slice(0, max - 1);
  const space = hard.lastIndexOf(' ');
  return `${(space > max * 0.7 ? hard.slice(0, space) : hard).trimEnd()}…`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment (for excerpts): tags dropped, common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A codename from a title: lower-case ascii words joined by '-', plus a short unique suffix. */
export function codenameFrom(title: string, suffix: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'item'}-${suffix}`;
}
