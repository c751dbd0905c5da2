import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Porta's brand navy, the resident app's `--color-brand` tokens (docs/design-system.md). */
const BRAND = { light: '#4a6488', main: '#1f3a5f', dark: '#152a46', contrastText: '#ffffff' };

/**
 * react-admin's light theme in Porta's colours. Its own blues failed WCAG AA: white on the app
 * bar's #2196f3 is 3.1:1, and a focused field's label in #1976d2 on the filled field's grey
 * 4.0:1; the navy gives 11:1 and 10:1.
 */
export const portaTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: BRAND, secondary: BRAND },
};
