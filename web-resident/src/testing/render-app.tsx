import { SessionClient } from '@porta/web-kit';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { App } from '../app/App';
import { createIdentityApi } from '../modules/identity';
import { createI18n } from '../modules/language';

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return null;
}

/** The whole app (in StrictMode, as main.tsx runs it) in a memory router, with real services over the mocked fetch. */
export function renderApp(path = '/', { delay = () => Promise.resolve() } = {}) {
  const session = new SessionClient('', localStorage);
  const services = { session, identity: createIdentityApi(session) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n();
  const current: { location: Location | null } = { location: null };

  const view = render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <App services={services} queryClient={queryClient} i18n={i18n} delay={delay} />
        <LocationProbe onLocation={(location) => (current.location = location)} />
      </MemoryRouter>
    </StrictMode>,
  );
  return {
    ...view,
    session,
    queryClient,
    i18n,
    /** The router's current address, e.g. '/login' or '/news?x=1'. */
    path: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
  };
}
