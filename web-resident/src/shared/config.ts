/**
 * Switches of the resident app, fixed when the app is built (Vite `VITE_*` variables) and read once
 * here. Tests pass their own through the services.
 */
export interface AppConfig {
  maintenance: {
    /** The maintenance break for everyone but administrators (01 §2: currently always off). */
    enabled: boolean;
    /** Housing-company countries whose residents are sent to the maintenance page (01 §4: empty). */
    countries: readonly string[];
  };
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  maintenance: {
    enabled: import.meta.env.VITE_PORTA_MAINTENANCE === 'true',
    countries: list(import.meta.env.VITE_PORTA_MAINTENANCE_COUNTRIES),
  },
};
