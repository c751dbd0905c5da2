import type { FaqEntry, FaqGroup } from '@porta/contracts';

/** Text folded for matching: lower case, accents dropped ("Pyörävarasto" matches "pyoravarasto"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The readable text of an answer's HTML (tags and entities out, spaces kept between blocks). */
function answerText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ');
}

/**
 * The FAQ entries matching what the reader typed: every word must be found in the question or the
 * answer. Questions that match in the question come first; otherwise the FAQ's own order holds.
 * Nothing typed: nothing found.
 */
export function searchFaq(groups: readonly FaqGroup[], query: string): FaqEntry[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const inQuestion: FaqEntry[] = [];
  const inAnswer: FaqEntry[] = [];
  const seen = new Set<string>();
  for (const group of groups) {
    for (const entry of group.entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      const question = foldText(entry.question);
      const all = `${question} ${foldText(answerText(entry.answer))}`;
      if (!words.every((word) => all.includes(word))) continue;
      (words.every((word) => question.includes(word)) ? inQuestion : inAnswer).push(entry);
    }
  }
  return [...inQuestion, ...inAnswer];
}
