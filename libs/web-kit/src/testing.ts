/**
 * For the web apps' test setups. A package's test files run one after another in one page
 * (vitest's `isolate: false`, ADR 0025): each file starts as a fresh page would, with nothing
 * stored, the document as loaded and the address at `/`.
 */
export function startAsFreshPage(): void {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.title = '';
  window.history.replaceState(null, '', '/');
}
