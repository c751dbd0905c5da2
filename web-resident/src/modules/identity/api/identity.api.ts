import {
  type LoginOptionsResponse,
  type MeResponse,
  type SelectHousingCompanyRequest,
  type UserFeaturesResponse,
  zLoginOptionsResponse,
  zMeResponse,
  zOidcTokenResponse,
  zUserFeaturesResponse,
} from '@porta/contracts';
import { fetchJson, type SessionClient } from '@porta/web-kit';

export type OidcTokenResponse = ReturnType<typeof zOidcTokenResponse.parse>;

/** The identity service as the resident app uses it; every answer is checked against its contract. */
export interface IdentityApi {
  getMe(): Promise<MeResponse>;
  selectHousingCompany(request: SelectHousingCompanyRequest): Promise<MeResponse>;
  getFeatures(housingCompanyId: string | null): Promise<UserFeaturesResponse>;
  getLoginOptions(): Promise<LoginOptionsResponse>;
  exchangeOidcCode(code: string, state: string, iss?: string): Promise<OidcTokenResponse>;
}

export const B2C_START_PATH = '/api/identity/oidc/b2c/start';

export function createIdentityApi(session: SessionClient): IdentityApi {
  return {
    async getMe() {
      return zMeResponse.parse(await session.request('GET', '/api/identity/me'));
    },
    async selectHousingCompany(request) {
      return zMeResponse.parse(await session.request('PUT', '/api/identity/me/housing-company', request));
    },
    async getFeatures(housingCompanyId) {
      const query = housingCompanyId ? `?housingCompanyId=${encodeURIComponent(housingCompanyId)}` : '';
      return zUserFeaturesResponse.parse(await session.request('GET', `/api/identity/features${query}`));
    },
    async getLoginOptions() {
      return zLoginOptionsResponse.parse(await fetchJson('GET', '/api/identity/login-options'));
    },
    async exchangeOidcCode(code, state, iss) {
      return zOidcTokenResponse.parse(
        await fetchJson('POST', '/api/identity/oidc/b2c/token', { code, state, ...(iss ? { iss } : {}) }),
      );
    },
  };
}

/** Where the consumer sign-in starts; `returnTo` is the route to land on afterwards. */
export function b2cStartUrl(returnTo: string): string {
  return `${B2C_START_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
}
