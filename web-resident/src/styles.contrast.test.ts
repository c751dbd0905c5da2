// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA for the design tokens (docs/design-system.md): every pair of tokens the stylesheet puts
 * text on has a contrast ratio of at least 4.5:1, and every control edge or focus ring at least
 * 3:1, in the light theme and in the dark one. The values are read from styles.css itself, so a
 * token changed there is checked here.
 */
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

type Tokens = Map<string, string>;

/** The custom properties declared in a block of declarations. */
function declarations(block: string): Tokens {
  const tokens: Tokens = new Map();
  for (const [, name = '', value = ''] of block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g))
    tokens.set(name, value.trim());
  return tokens;
}

/** The body of the block that opens with `{` at `open`, up to its matching `}`. */
function blockAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces in styles.css');
}

function themes(): { light: Tokens; dark: Tokens } {
  const rootAt = css.indexOf(':root {');
  expect(rootAt).toBeGreaterThanOrEqual(0);
  const light = declarations(blockAt(css, css.indexOf('{', rootAt)));
  const mediaAt = css.indexOf('@media (prefers-color-scheme: dark)');
  expect(mediaAt).toBeGreaterThanOrEqual(0);
  const media = blockAt(css, css.indexOf('{', mediaAt));
  const darkRoot = media.indexOf(':root');
  expect(darkRoot).toBeGreaterThanOrEqual(0);
  const overrides = declarations(blockAt(media, media.indexOf('{', darkRoot)));
  return { light, dark: new Map([...light, ...overrides]) };
}

/** A colour token as [r, g, b] 0–255, following var() references; only opaque hex colours. */
function rgb(tokens: Tokens, name: string, seen: string[] = []): [number, number, number] {
  const value = tokens.get(name);
  if (value === undefined) throw new Error(`${name} is not declared`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (reference) {
    if (seen.includes(name)) throw new Error(`${name} refers to itself`);
    return rgb(tokens, reference, [...seen, name]);
  }
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (!hex) throw new Error(`${name} is ${value}, not an opaque hex colour`);
  const digits = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x). */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** [foreground, background] token pairs the stylesheet uses for text. */
const TEXT_PAIRS: [string, string][] = [
  ['--color-text', '--color-background'],
  ['--color-text', '--color-surface'],
  ['--color-text', '--color-surface-muted'],
  ['--color-text', '--color-header'],
  ['--color-muted', '--color-background'],
  ['--color-muted', '--color-surface'],
  ['--color-muted', '--color-surface-muted'],
  ['--color-brand', '--color-surface'],
  ['--color-brand', '--color-background'],
  ['--color-brand', '--color-surface-muted'],
  ['--color-brand-strong', '--color-surface'],
  ['--color-on-brand', '--color-brand'],
  ['--color-on-brand', '--color-brand-strong'],
  ['--color-brand', '--color-on-brand'],
  ['--color-on-accent', '--color-accent'],
  ['--color-on-accent-surface', '--color-accent-surface'],
  ['--color-text', '--color-accent-surface'],
  ['--color-on-footer', '--color-footer'],
  ['--color-on-footer-muted', '--color-footer'],
  ['--color-error', '--color-surface'],
  ['--color-error', '--color-error-surface'],
  ['--color-on-error', '--color-error'],
  ['--color-on-error', '--color-error-strong'],
  ['--color-success', '--color-success-surface'],
  ['--color-success', '--color-surface'],
  ['--color-on-success', '--color-success'],
  ['--color-warning', '--color-warning-surface'],
  ['--color-violet', '--color-violet-surface'],
  ['--color-text', '--color-info-surface'],
  ['--color-text', '--color-highlight-surface'],
  ['--color-on-stage', '--color-stage'],
];

/** Pairs for controls and states that are not text (WCAG 1.4.11: 3:1). */
const UI_PAIRS: [string, string][] = [
  ['--color-border-strong', '--color-surface'],
  ['--color-border-strong', '--color-background'],
  ['--color-focus', '--color-surface'],
  ['--color-focus', '--color-background'],
  ['--color-focus', '--color-stage'],
  ['--color-accent', '--color-surface'],
  ['--color-brand', '--color-surface'],
];

describe('design tokens: WCAG AA contrast', () => {
  it('computes the contrast ratio as WCAG does', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast([255, 255, 255], [255, 255, 255])).toBe(1);
    // The orange the avatar had before (issue 17): white on it is only 3:1.
    expect(contrast([255, 255, 255], [0xe8, 0x73, 0x4a])).toBeLessThan(3.1);
  });

  const { light, dark } = themes();
  for (const [theme, tokens] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`${theme}: text on its background is at least 4.5:1`, () => {
      const failures = TEXT_PAIRS.map(([fg, bg]) => ({
        fg,
        bg,
        ratio: contrast(rgb(tokens, fg), rgb(tokens, bg)),
      }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ fg, bg, ratio }) => `${fg} on ${bg}: ${ratio.toFixed(2)}:1`);
      expect(failures).toEqual([]);
    });

    it(`${theme}: control edges and the focus ring are at least 3:1`, () => {
      const failures = UI_PAIRS.map(([fg, bg]) => ({
        fg,
        bg,
        ratio: contrast(rgb(tokens, fg), rgb(tokens, bg)),
      }))
        .filter(({ ratio }) => ratio < 3)
        .map(({ fg, bg, ratio }) => `${fg} on ${bg}: ${ratio.toFixed(2)}:1`);
      expect(failures).toEqual([]);
    });
  }

  it('the dark theme overrides the colours that carry text', () => {
    for (const name of [
      '--color-text',
      '--color-surface',
      '--color-background',
      '--color-brand',
      '--color-muted',
    ]) {
      expect(dark.get(name), name).not.toBe(light.get(name));
    }
  });
});
