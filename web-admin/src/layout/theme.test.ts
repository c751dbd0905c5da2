import { describe, expect, it } from 'vitest';
import { portaTheme, portaThemeWith } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the staff app theme', () => {
  const palette = portaTheme.palette as {
    primary: { main: string; contrastText: string };
    secondary: { main: string; contrastText: string };
  };

  it('keeps text in AA contrast: the app bar, buttons, and a focused label on a filled field', () => {
    // The app bar is react-admin's secondary colour with its contrast text.
    expect(contrast(palette.secondary.main, palette.secondary.contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.primary.main, palette.primary.contrastText)).toBeGreaterThanOrEqual(4.5);
    // A focused field's label is primary on the filled field's grey (rgba(0,0,0,0.04) on white).
    expect(contrast(palette.primary.main, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.primary.main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white text on the signal colours and red text on the toolbars’ grey in AA contrast', () => {
    const signals = portaTheme.palette as Record<string, { main: string; contrastText: string }>;
    for (const name of ['error', 'warning', 'info', 'success']) {
      expect(contrast(signals[name]!.main, signals[name]!.contrastText), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(signals.error!.main, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    // Disabled text, rgba(0,0,0,0.56) on white and on the filled field's grey.
    expect(contrast('#707070', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect((portaTheme.palette as { text: { disabled: string } }).text.disabled).toBe('rgba(0, 0, 0, 0.56)');
  });

  it("keeps the rest of react-admin's light theme (filled inputs, toolbars)", () => {
    expect(portaTheme.components?.MuiFilledInput).toBeDefined();
    expect(portaTheme.palette?.background).toMatchObject({ default: '#fafafb' });
  });

  it('names every spinner in the app’s language', () => {
    const theme = portaThemeWith('Ladataan');
    expect(theme.components?.MuiCircularProgress?.defaultProps).toEqual({ 'aria-label': 'Ladataan' });
    expect(theme.components?.MuiFilledInput).toBeDefined();
  });
});
