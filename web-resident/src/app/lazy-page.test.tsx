import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => <p>the page</p>;

describe('lazyPage', () => {
  it('renders a page whose module was preloaded at once, without suspending', async () => {
    const Lazy = lazyPage(async () => ({ Page }), 'Page');
    await Lazy.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    // No fallback first: the page is in the very first commit.
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends while a page that was not preloaded loads, then shows it', async () => {
    let resolve!: (m: { Page: typeof Page }) => void;
    const Lazy = lazyPage(() => new Promise<{ Page: typeof Page }>((r) => (resolve = r)), 'Page');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => resolve({ Page }));
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('loads the module once however often it is preloaded, and again after a failure', async () => {
    let calls = 0;
    const Lazy = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { Page };
    }, 'Page');
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(calls).toBe(2);
  });
});
