/** Names as a sentence's list in the language ("Nina, Rami and Olivia"). */
export function listOf(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
