import { SessionClient } from '@porta/web-kit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { ServicesProvider } from '../../../shared/services';
import { storeSession } from '../../../testing/fixtures';
import { createTestI18n } from '../../../testing/i18n';
import { createIdentityApi } from '../../identity';

/**
 * One component (a dashboard box) with the app's services over the mocked fetch and a stored
 * session, in a memory router: for parts that need no signed-in app around them.
 */
export function renderWithServices(ui: ReactNode, path = '/') {
  storeSession();
  const session = new SessionClient('', localStorage);
  const services = { session, identity: createIdentityApi(session) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createTestI18n();
  return render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ServicesProvider>,
  );
}
