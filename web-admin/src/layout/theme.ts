import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Porta's brand navy, the resident app's `--color-brand` tokens (docs/design-system.md). */
const BRAND = { light: '#4a6488', main: '#1f3a5f', dark: '#152a46', contrastText: '#ffffff' };

/**
 * The signal colours, dark enough for white text on a chip and for red text on the toolbars' grey
 * (MUI's warning #ed6c02 carries white at 3.1:1, info #0288d1 at 4.1:1, error #d32f2f on #f5f5f5
 * at 4.5:1), and disabled text that stays readable (axe: color-contrast on helper texts and labels
 * of read-only fields).
 */
const SIGNALS = {
  error: { light: '#d32f2f', main: '#b42318', dark: '#8c1d13', contrastText: '#ffffff' },
  warning: { light: '#c77700', main: '#9a4d00', dark: '#703800', contrastText: '#ffffff' },
  info: { light: '#0277bd', main: '#01579b', dark: '#003c6c', contrastText: '#ffffff' },
  success: { light: '#388e3c', main: '#1e6b24', dark: '#124d17', contrastText: '#ffffff' },
};

/**
 * react-admin's light theme in Porta's colours. Its own blues failed WCAG AA: white on the app
 * bar's #2196f3 is 3.1:1, and a focused field's label in #1976d2 on the filled field's grey
 * 4.0:1; the navy gives 11:1 and 10:1.
 */
export const portaTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: BRAND,
    secondary: BRAND,
    ...SIGNALS,
    text: {
      primary: 'rgba(0, 0, 0, 0.87)',
      secondary: 'rgba(0, 0, 0, 0.64)',
      disabled: 'rgba(0, 0, 0, 0.56)',
    },
  },
  components: {
    ...defaultLightTheme.components,
    // A list's table scrolls in its own box on a narrow screen: react-admin's layout is at least as
    // wide as its content's narrowest, so an uncontained table widened the whole page (1,025 px on
    // a 390 px phone) and the menu and toolbars with it.
    RaDatagrid: {
      styleOverrides: {
        root: {
          '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size', position: 'relative' },
        },
      },
    },
  },
};

/**
 * The theme with a name for every spinner: react-admin's own (the app bar's loading indicator, a
 * reference input still loading, the save button's) come without one (axe: aria-progressbar-name).
 * A spinner given its own name keeps it.
 */
export function portaThemeWith(loadingLabel: string): RaThemeOptions {
  return {
    ...portaTheme,
    components: {
      ...portaTheme.components,
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
    },
  };
}
