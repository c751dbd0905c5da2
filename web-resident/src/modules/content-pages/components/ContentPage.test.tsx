import type { PublicPage } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, problem } from '../../../testing/fetch-mock';
import { meResponse } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { startSignedIn } from '../../../testing/signed-in';

const page = (overrides: Partial<PublicPage> = {}): PublicPage => ({
  path: 'terms-and-conditions',
  title: 'Terms and conditions',
  imageUrl: '/api/content/assets/terms-image',
  html: '<p>These terms apply to <strong>every</strong> resident.</p>',
  language: 'en',
  ...overrides,
});

const pageRequest = (calls: string[]) => calls.find((c) => c.startsWith('GET /api/content/pages'));

describe('the catch-all content page', () => {
  it('shows a loader, then the title, first image and HTML of the page at the address', async () => {
    let answer!: (response: Response) => void;
    const app = startSignedIn('/terms-and-conditions', {
      routes: { 'GET /api/content/pages': () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('status')).toBeTruthy();
    expect(within(main).queryByRole('heading', { level: 1 })).toBeNull();

    answer(json(page()));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    const article = heading.closest('article') as HTMLElement;
    expect(article.querySelector('img')?.getAttribute('src')).toBe('/api/content/assets/terms-image');
    expect(within(article).getByText('every').tagName).toBe('STRONG');
    expect(within(main).queryByRole('status')).toBeNull();
    expect(pageRequest(app.calls())).toBe('GET /api/content/pages?path=%2Fterms-and-conditions&lang=en');
    await waitFor(() => expect(document.title).toBe('Terms and conditions - Porta'));
  });

  it('asks for the language of the lang parameter, else the interface language', async () => {
    const app = startSignedIn('/privacy-policy?lang=fi_FI', {
      routes: { 'GET /api/content/pages': json(page({ title: 'Tietosuojaseloste', language: 'fi' })) },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tietosuojaseloste' });
    expect(heading.closest('article')?.getAttribute('lang')).toBe('fi');
    expect(pageRequest(app.calls())).toBe('GET /api/content/pages?path=%2Fprivacy-policy&lang=fi_FI');
  });

  it('follows the user’s interface language', async () => {
    const app = startSignedIn('/accessibility-statement', {
      me: meResponse({}, { locale: 'sv_FI' }),
      routes: { 'GET /api/content/pages': json(page({ title: 'Tillgänglighetsutlåtande', language: 'sv' })) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Tillgänglighetsutlåtande' });
    expect(pageRequest(app.calls())).toBe('GET /api/content/pages?path=%2Faccessibility-statement&lang=sv');
  });

  it('is Page not found when there is no page at the address', async () => {
    startSignedIn('/no/such/page', {
      routes: { 'GET /api/content/pages': problem(404, 'NOT_FOUND', 'Page not found') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
  });

  it('offers to try again when the page cannot be loaded', async () => {
    const app = startSignedIn('/terms-and-conditions', {
      routes: { 'GET /api/content/pages': [problem(500, 'INTERNAL', 'Something went wrong'), json(page())] },
    });
    expect(await screen.findByText('Content could not be loaded. Please refresh.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();
  });

  it('the footer links lead to their content pages', async () => {
    const app = startSignedIn('/terms-and-conditions', {
      routes: {
        'GET /api/content/pages?path=%2Fterms-and-conditions&lang=en': json(page()),
        'GET /api/content/pages?path=%2Fprivacy-policy&lang=en': json(
          page({ path: 'privacy-policy', title: 'Privacy policy', imageUrl: null }),
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' });
    await app.user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy policy' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(app.path()).toBe('/privacy-policy');
  });

  it('keeps a page script-free: the stored HTML has no handlers, and none get into the DOM', async () => {
    // As the content service answers a body whose <img onerror> it stripped when storing it.
    const html = '<p>Map of the yard</p><img src="/api/content/assets/yard" alt="Yard map">';
    startSignedIn('/yard', { routes: { 'GET /api/content/pages': json(page({ title: 'Yard', html })) } });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Yard' });
    const article = heading.closest('article') as HTMLElement;
    expect(within(article).getByRole('img', { name: 'Yard map' }).getAttribute('src')).toBe(
      '/api/content/assets/yard',
    );
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  describe('signed out', () => {
    const publicApi = (routes: Parameters<typeof mockFetch>[0]) =>
      mockFetch({ 'GET /api/identity/login-options': json({ password: true, b2c: false }), ...routes });

    it('shows the page without signing in, with a way to sign in', async () => {
      const api = publicApi({ 'GET /api/content/pages': json(page()) });
      const app = renderApp('/terms-and-conditions');
      expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();
      expect(app.path()).toBe('/terms-and-conditions');
      const request = api.requests.find((r) => r.path.startsWith('/api/content/pages'));
      expect(request?.path).toBe('/api/content/pages?path=%2Fterms-and-conditions&lang=en');
      expect(request?.authorization).toBeNull();
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' }).getAttribute('href'),
      ).toBe('/login');
      expect(
        within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy policy' }),
      ).toBeTruthy();
    });

    it('the lang parameter chooses the language', async () => {
      const api = publicApi({
        'GET /api/content/pages': json(page({ title: 'Käyttöehdot', language: 'fi' })),
      });
      renderApp('/terms-and-conditions?lang=fi');
      expect(await screen.findByRole('heading', { level: 1, name: 'Käyttöehdot' })).toBeTruthy();
      expect(api.calls()).toContain('GET /api/content/pages?path=%2Fterms-and-conditions&lang=fi');
      // The interface follows the parameter too.
      expect(screen.getByRole('link', { name: 'Tietosuojaseloste' })).toBeTruthy();
    });

    it('an address without a page asks to sign in and comes back to it afterwards', async () => {
      publicApi({ 'GET /api/content/pages': problem(404, 'NOT_FOUND', 'Page not found') });
      const app = renderApp('/members/only?tab=2');
      await screen.findByLabelText('E-mail');
      expect(app.path()).toBe('/login');
      expect(localStorage.getItem('porta.redirectAfterLogin')).toBe('/members/only?tab=2');
    });
  });
});
