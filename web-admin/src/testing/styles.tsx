import { createRequire } from 'node:module';
import type { EmotionCache } from '@emotion/cache';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

// Emotion as MUI has it: the tests' modules resolve with the browser's conditions, MUI's with
// Node's, and each copy of Emotion has its own context.
const requireAsMui = createRequire(import.meta.url);
const { default: createCache } = requireAsMui('@emotion/cache') as typeof import('@emotion/cache');
const { CacheProvider } = requireAsMui('@emotion/react') as typeof import('@emotion/react');

let styles: EmotionCache | undefined;

/**
 * Render with a style cache of the test's own, which `forgetStyles` empties after the test. Emotion
 * adds a style rule per styled variant and never removes one, and jsdom's `getComputedStyle` (run by
 * role queries and by every click's pointer-events check) walks every rule of the document: shared
 * by the package's files, the rules grew to thousands and a form test from 17 s alone to 66 s in the
 * whole run. One sheet with the rules inserted into it (`speedy`) costs jsdom less than a sheet each.
 */
export function renderStyled(ui: ReactNode) {
  forgetStyles();
  styles = createCache({ key: 'css', speedy: true });
  return render(<CacheProvider value={styles}>{ui}</CacheProvider>);
}

/** Remove the rules of the test's style cache from the document (the setup's `afterEach`). */
export function forgetStyles() {
  styles?.sheet.flush();
  styles = undefined;
}
