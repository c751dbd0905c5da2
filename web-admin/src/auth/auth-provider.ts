import { ERRORS, type MeResponse, zMeResponse } from '@porta/contracts';
import { ApiError, type SessionClient } from '@porta/web-kit';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { mayUseStaffApp, permissionsOf, type StaffPermissions } from './access';

/** Translation keys of the notices the login page shows after the app sent the user there. */
export const NOT_AUTHORISED = 'porta.auth.not_authorised';
export const SESSION_EXPIRED = 'porta.auth.session_expired';

export interface PortaIdentity extends UserIdentity {
  fullName: string;
  email: string;
  /** The user's profile locale, e.g. `fi_FI`. */
  locale: string;
}

export interface PortaAuthProvider extends AuthProvider {
  getIdentity: () => Promise<PortaIdentity>;
  getPermissions: () => Promise<StaffPermissions | null>;
  /** Why the user is on the login page, as a translation key, or null. */
  notice: () => string | null;
}

/** A refusal react-admin handles without a notification of its own (the login page explains). */
const silently = { message: false } as const;

/**
 * react-admin's auth provider over the shared Porta session (ARCHITECTURE §5).
 *
 * Only staff (01 §6: admin, yitUser, contributor, partner, rolePartner) may use the app. A person
 * who signs in here without such a role has the tokens just issued revoked and sees
 * 'Not authorised to see this content.'. A person who arrives already signed in through the
 * resident app without such a role is only kept out: their resident session stays.
 */
export function createAuthProvider(session: SessionClient): PortaAuthProvider {
  /** /me of the current session, keyed by its refresh token so another sign-in is noticed. */
  let cached: { key: string; me: MeResponse } | null = null;
  /** The session present is a resident's: the admin app is signed out, the session is not. */
  let denied = false;

  async function loadMe(): Promise<MeResponse> {
    const key = session.read()?.refreshToken;
    if (cached && cached.key === key) return cached.me;
    const parsed = zMeResponse.safeParse(await session.request('GET', '/api/identity/me'));
    if (!parsed.success) {
      console.error('Unexpected answer from /api/identity/me', parsed.error.issues);
      throw new ApiError(500, 'INTERNAL', ERRORS.INTERNAL.message);
    }
    // The request may have refreshed (rotated) the tokens: key the cache by what is stored now.
    const now = session.read()?.refreshToken;
    cached = now ? { key: now, me: parsed.data } : null;
    return parsed.data;
  }

  return {
    async login(params: { username?: unknown; password?: unknown }) {
      cached = null;
      denied = false;
      const email = typeof params.username === 'string' ? params.username.trim() : '';
      const password = typeof params.password === 'string' ? params.password : '';
      await session.login(email, password);
      let me: MeResponse;
      try {
        me = await loadMe();
      } catch (err) {
        await session.logout().catch(() => undefined);
        throw err;
      }
      if (!mayUseStaffApp(me)) {
        cached = null;
        await session.logout().catch(() => undefined);
        throw new ApiError(403, 'FORBIDDEN', ERRORS.FORBIDDEN.message);
      }
    },

    async logout() {
      cached = null;
      // A resident's session only keeps them out of this app; signing them out of the resident
      // app as well would be a surprise.
      if (denied) return;
      if (session.read()) await session.logout().catch(() => undefined);
    },

    async checkAuth() {
      if (!session.read()) throw silently;
      let me: MeResponse;
      try {
        me = await loadMe();
      } catch (err) {
        // 401: the session ended (SessionClient cleared it). Anything else (network, 5xx) is not a
        // reason to sign anyone out: the services still authorise every call.
        if (err instanceof ApiError && err.status === 401) throw silently;
        return;
      }
      denied = !mayUseStaffApp(me);
      if (denied) throw silently;
    },

    async checkError(error: unknown) {
      const status = (error as { status?: unknown } | null)?.status;
      if (status === 401) {
        cached = null;
        throw { message: SESSION_EXPIRED };
      }
      // 403 and everything else: stay signed in, the page shows the error.
    },

    async getIdentity() {
      const { user } = await loadMe();
      const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
      return { id: user.id, fullName, email: user.email, locale: user.locale };
    },

    async getPermissions() {
      if (!session.read()) return null;
      return permissionsOf(await loadMe());
    },

    notice() {
      if (denied) return NOT_AUTHORISED;
      if (session.getState() === 'expired') return SESSION_EXPIRED;
      return null;
    },
  };
}
