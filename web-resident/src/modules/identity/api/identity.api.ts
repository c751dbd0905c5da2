import type {
  ChangePasswordRequest,
  EmailChangeConfirmResponse,
  EmailChangeResponse,
  FirstLoginRequest,
  FirstLoginResponse,
  GdprReport,
  LoginOptionsResponse,
  MeResponse,
  MeUser,
  RegisterRequest,
  SelectHousingCompanyRequest,
  Signature,
  SignatureRequest,
  UpdateProfileRequest,
  UserFeaturesResponse,
  zEmailChangeConfirmResponse,
  zEmailChangeResponse,
  zFirstLoginResponse,
  zGdprReport,
  zLoginOptionsResponse,
  zMeResponse,
  zMeUser,
  zOidcTokenResponse,
  zSignature,
  zSignatureList,
  zUserFeaturesResponse,
} from '@porta/contracts';
import { answer, fetchJson, type SessionClient } from '@porta/web-kit';

export type OidcTokenResponse = ReturnType<typeof zOidcTokenResponse.parse>;

/** The identity service as the resident app uses it; every answer is checked against its contract. */
export interface IdentityApi {
  getMe(): Promise<MeResponse>;
  selectHousingCompany(request: SelectHousingCompanyRequest): Promise<MeResponse>;
  getFeatures(housingCompanyId: string | null): Promise<UserFeaturesResponse>;
  getLoginOptions(): Promise<LoginOptionsResponse>;
  exchangeOidcCode(code: string, state: string, iss?: string): Promise<OidcTokenResponse>;

  /** PUT /me/profile: the updated user part of /me (partner-only users get 403). */
  updateProfile(request: UpdateProfileRequest): Promise<MeUser>;
  /** POST /me/register: the whole /me with the user registered. */
  register(request: RegisterRequest): Promise<MeResponse>;
  /** POST /me/email-change: a confirmation link goes to the new address. */
  requestEmailChange(newEmail: string): Promise<EmailChangeResponse>;
  /** POST /email-change/:userId/:code (public): the link of the confirmation mail. */
  confirmEmailChange(userId: string, code: string): Promise<EmailChangeConfirmResponse>;
  /** POST /me/password. */
  changePassword(request: ChangePasswordRequest): Promise<void>;
  /** POST /me/deactivate: the account is closed and every session ends. */
  deactivate(): Promise<void>;
  /** GET /me/gdpr-report, or a user's report for staff (GET /admin/users/:id/gdpr-report). */
  getGdprReport(userId?: string): Promise<GdprReport>;
  listSignatures(): Promise<Signature[]>;
  createSignature(request: SignatureRequest): Promise<Signature>;
  updateSignature(id: string, request: SignatureRequest): Promise<Signature>;
  deleteSignature(id: string): Promise<void>;
  /** GET /first-login/:token (public): whose invitation this is. */
  getFirstLogin(token: string): Promise<FirstLoginResponse>;
  /** POST /first-login/:token (public): set the password. */
  completeFirstLogin(token: string, request: FirstLoginRequest): Promise<void>;
}

export const B2C_START_PATH = '/api/identity/oidc/b2c/start';

const BASE = '/api/identity';
const segment = encodeURIComponent;

export function createIdentityApi(session: SessionClient): IdentityApi {
  return {
    async getMe() {
      return answer<typeof zMeResponse>(await session.request('GET', `${BASE}/me`));
    },
    async selectHousingCompany(request) {
      return answer<typeof zMeResponse>(await session.request('PUT', `${BASE}/me/housing-company`, request));
    },
    async getFeatures(housingCompanyId) {
      const query = housingCompanyId ? `?housingCompanyId=${segment(housingCompanyId)}` : '';
      return answer<typeof zUserFeaturesResponse>(await session.request('GET', `${BASE}/features${query}`));
    },
    async getLoginOptions() {
      return answer<typeof zLoginOptionsResponse>(await fetchJson('GET', `${BASE}/login-options`));
    },
    async exchangeOidcCode(code, state, iss) {
      return answer<typeof zOidcTokenResponse>(
        await fetchJson('POST', `${BASE}/oidc/b2c/token`, { code, state, ...(iss ? { iss } : {}) }),
      );
    },

    async updateProfile(request) {
      return answer<typeof zMeUser>(await session.request('PUT', `${BASE}/me/profile`, request));
    },
    async register(request) {
      return answer<typeof zMeResponse>(await session.request('POST', `${BASE}/me/register`, request));
    },
    async requestEmailChange(newEmail) {
      return answer<typeof zEmailChangeResponse>(
        await session.request('POST', `${BASE}/me/email-change`, { newEmail }),
      );
    },
    async confirmEmailChange(userId, code) {
      return answer<typeof zEmailChangeConfirmResponse>(
        await fetchJson('POST', `${BASE}/email-change/${segment(userId)}/${segment(code)}`),
      );
    },
    async changePassword(request) {
      await session.request('POST', `${BASE}/me/password`, request);
    },
    async deactivate() {
      await session.request('POST', `${BASE}/me/deactivate`, { confirm: true });
    },
    async getGdprReport(userId) {
      const path = userId ? `${BASE}/admin/users/${segment(userId)}/gdpr-report` : `${BASE}/me/gdpr-report`;
      return answer<typeof zGdprReport>(await session.request('GET', path));
    },
    async listSignatures() {
      return answer<typeof zSignatureList>(await session.request('GET', `${BASE}/me/signatures`));
    },
    async createSignature(request) {
      return answer<typeof zSignature>(await session.request('POST', `${BASE}/me/signatures`, request));
    },
    async updateSignature(id, request) {
      return answer<typeof zSignature>(
        await session.request('PUT', `${BASE}/me/signatures/${segment(id)}`, request),
      );
    },
    async deleteSignature(id) {
      await session.request('DELETE', `${BASE}/me/signatures/${segment(id)}`);
    },
    async getFirstLogin(token) {
      return answer<typeof zFirstLoginResponse>(
        await fetchJson('GET', `${BASE}/first-login/${segment(token)}`),
      );
    },
    async completeFirstLogin(token, request) {
      await fetchJson('POST', `${BASE}/first-login/${segment(token)}`, request);
    },
  };
}

/** Where the consumer sign-in starts; `returnTo` is the route to land on afterwards. */
export function b2cStartUrl(returnTo: string): string {
  return `${B2C_START_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
}
