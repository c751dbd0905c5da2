import { SessionClient } from '@porta/web-kit';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/App';
import { createIdentityApi } from '../modules/identity';
import { type AppConfig, DEFAULT_APP_CONFIG } from '../shared/config';
import { createTestI18n } from './i18n';

const pathOnly = (path: string) => path.split('?')[0] ?? path;
const searchOf = (path: string) => (path.includes('?') ? `?${path.split('?')[1]}` : '');

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return null;
}

export interface RenderAppOptions {
  delay?: (ms: number) => Promise<void>;
  /** The app's switches (default: every switch off, as shipped). */
  config?: AppConfig;
  /** Initial router state (e.g. what a redirect hands over). */
  state?: unknown;
}

/** The whole app (in StrictMode, as main.tsx runs it) in a memory router, with real services over the mocked fetch. */
export function renderApp(
  path = '/',
  { delay = () => Promise.resolve(), config = DEFAULT_APP_CONFIG, state }: RenderAppOptions = {},
) {
  const session = new SessionClient('', localStorage);
  /** Full page loads (to the staff app) are recorded instead of performed. */
  const leaveApp = vi.fn<(url: string) => void>();
  const services = { session, identity: createIdentityApi(session), leaveApp, config };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createTestI18n();
  const current: { location: Location | null } = { location: null };

  const view = render(
    <StrictMode>
      <MemoryRouter
        initialEntries={[
          state === undefined ? path : { pathname: pathOnly(path), search: searchOf(path), state },
        ]}
      >
        <App services={services} queryClient={queryClient} i18n={i18n} delay={delay} />
        <LocationProbe onLocation={(location) => (current.location = location)} />
      </MemoryRouter>
    </StrictMode>,
  );
  return {
    ...view,
    session,
    leaveApp,
    queryClient,
    i18n,
    /** The router's current address, e.g. '/login' or '/news?x=1'. */
    path: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
  };
}
