import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE, visibleText } from './text.js';

describe('hasInvisibleCharacters', () => {
  const invisible = [
    ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e], // embeddings and overrides
    ...[0x2066, 0x2067, 0x2068, 0x2069], // isolates
    ...[0x200b, 0x200c, 0x200d, 0x200e, 0x200f], // zero-width space, joiners, marks
    0xfeff, // byte-order mark
    0x2060, // word joiner
    0x00ad, // soft hyphen
    0x061c, // Arabic letter mark
    0xe0041, // a tag character
    0x0000, // NUL
    0x0007, // a control character
    0x2028, // line separator
    0x3164, // Hangul filler
  ];

  it.each(invisible.map((cp) => [cp.toString(16), String.fromCodePoint(cp)]))(
    'finds U+%s inside a name',
    (_, ch) => {
      expect(hasInvisibleCharacters(`Anna${ch}Admin`)).toBe(true);
    },
  );

  it('passes names in the portal’s languages and others', () => {
    for (const name of [
      'Anna-Liisa Järvinen',
      'Žaneta Šťastná',
      'Łukasz Żółć',
      'Jānis Bērziņš',
      'Saulė Kazlauskaitė',
      "O'Brien",
      'As Oy Demo Birch Hill',
      'B 14',
      'محمد',
      '李小龍',
    ]) {
      expect(hasInvisibleCharacters(name), name).toBe(false);
    }
  });
});

describe('visibleText', () => {
  const zName = visibleText(z.string().trim().min(1).max(50));

  it('refuses a name with an invisible character, with the field error', () => {
    const result = zName.safeParse('Anna\u202Enimda');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(INVISIBLE_CHARACTERS_MESSAGE);
  });

  it('keeps the other checks and the trimming', () => {
    expect(zName.parse('  Anna  ')).toBe('Anna');
    expect(zName.safeParse('').success).toBe(false);
    expect(zName.optional().parse(undefined)).toBeUndefined();
  });
});
