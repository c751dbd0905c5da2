import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { I18n } from '../modules/language';
import { StartupGate, StartupProvider } from '../modules/startup';
import { type AppServices, ServicesProvider } from '../shared/services';
import { ToastProvider } from '../shared/ui/Toast';
import { AppRoutes } from './AppRoutes';

export interface AppProps {
  services: AppServices;
  queryClient: QueryClient;
  i18n: I18n;
  /** Tests may shorten the wait before mounting (APP_MOUNT_DELAY_MS). */
  delay?: (ms: number) => Promise<void>;
}

/** The resident app without its router (main.tsx adds the browser router, tests a memory router). */
export function App({ services, queryClient, i18n, delay }: AppProps) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <ToastProvider>
            <StartupProvider delay={delay}>
              <StartupGate>
                <AppRoutes />
              </StartupGate>
            </StartupProvider>
          </ToastProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
