import type { SessionClient } from '@porta/web-kit';
import { createContext, type ReactNode, useContext } from 'react';
import type { IdentityApi } from '../modules/identity/api/identity.api';
import { type AppConfig, DEFAULT_APP_CONFIG } from './config';

/** The app's long-lived collaborators, created once in main.tsx (or per test). */
export interface AppServices {
  session: SessionClient;
  identity: IdentityApi;
  /**
   * A full page navigation, for addresses served by another app (the staff app at /admin).
   * Defaults to `window.location.assign`.
   */
  leaveApp?: (url: string) => void;
  /** The app's switches; DEFAULT_APP_CONFIG when not given. */
  config?: AppConfig;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

/** Leave the resident app for another address on the same site (a full page load). */
export function useLeaveApp(): (url: string) => void {
  const { leaveApp } = useServices();
  return leaveApp ?? ((url: string) => window.location.assign(url));
}

/** The app's switches (shared/config.ts). */
export function useAppConfig(): AppConfig {
  return useServices().config ?? DEFAULT_APP_CONFIG;
}
