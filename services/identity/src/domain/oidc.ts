import type { TokenResponse } from '@porta/contracts';
import { AppError, type Db, publicUrl } from '@porta/service-kit';
import { and, eq, isNull, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { IdentityConfig } from '../config.js';
import type * as schema from '../db/schema.js';
import { oidcStates, users } from '../db/schema.js';
import { findUserByEmail } from './membership.js';
import type { SessionService } from './sessions.js';

type IdentityDb = Db<typeof schema>;
type Claims = { sub: string; email?: unknown; email_verified?: unknown };

/** A pending sign-in is valid for ten minutes. */
const STATE_TTL_MS = 10 * 60_000;

function isLoopback(url: URL) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The consumer ("b2c") login: OpenID Connect authorization-code flow with PKCE against a
 * configured provider. The browser goes to the provider, comes back to the web app's /login with a
 * code, and the web app exchanges it here for Porta tokens.
 */
export class B2cLogin {
  private configuration: Promise<client.Configuration> | null = null;
  readonly redirectUri: string;

  constructor(
    private readonly db: IdentityDb,
    private readonly sessions: SessionService,
    private readonly config: Required<
      Pick<IdentityConfig, 'B2C_ISSUER_URL' | 'B2C_CLIENT_ID' | 'B2C_CLIENT_SECRET'>
    > &
      Pick<IdentityConfig, 'B2C_REDIRECT_URI' | 'PUBLIC_URL' | 'PORT'>,
  ) {
    this.redirectUri = config.B2C_REDIRECT_URI ?? `${publicUrl(config)}/login`;
  }

  private discover(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.config.B2C_ISSUER_URL);
      return client.discovery(issuer, this.config.B2C_CLIENT_ID, this.config.B2C_CLIENT_SECRET, undefined, {
        // Plain http only for a provider on this machine (development and tests).
        ...(issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
      });
    })().catch((err: unknown) => {
      this.configuration = null;
      throw new AppError('UNAVAILABLE', { cause: err, detail: 'The sign-in provider could not be reached.' });
    });
    return this.configuration;
  }

  /** The provider's authorization address for a new sign-in. */
  async start(returnTo: string | undefined): Promise<string> {
    const configuration = await this.discover();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.db.delete(oidcStates).where(lt(oidcStates.createdAt, new Date(Date.now() - STATE_TTL_MS)));
    await this.db
      .insert(oidcStates)
      .values({ state, issuer: 'b2c', codeVerifier, nonce, returnTo: returnTo ?? null });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.toString();
  }

  /** Exchange the provider's code for Porta tokens. The state is single use. */
  async finish(
    input: { code: string; state: string; iss?: string | undefined },
    clientInfo: { ip: string; userAgent?: string | undefined },
  ): Promise<TokenResponse & { returnTo: string | null }> {
    const [pending] = await this.db.delete(oidcStates).where(eq(oidcStates.state, input.state)).returning();
    if (!pending || pending.createdAt.getTime() < Date.now() - STATE_TTL_MS) {
      throw new AppError('IDN_OIDC_FAILED', { detail: 'The sign-in has expired. Please try again.' });
    }
    const configuration = await this.discover();
    const callback = new URL(this.redirectUri);
    callback.searchParams.set('code', input.code);
    callback.searchParams.set('state', input.state);
    if (input.iss) callback.searchParams.set('iss', input.iss);
    let claims: Claims | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      claims = idToken;
      // Many providers put the e-mail only in the userinfo answer.
      if (idToken && typeof idToken.email !== 'string') {
        claims = {
          ...idToken,
          ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
        };
      }
    } catch (err) {
      throw new AppError('IDN_OIDC_FAILED', { cause: err });
    }
    if (!claims?.sub) throw new AppError('IDN_OIDC_FAILED');
    const user = await this.linkedUser(claims);
    if (!user.enabled) throw new AppError('IDN_ACCOUNT_DISABLED');
    const tokens = await this.sessions.start(user, 'b2c', clientInfo);
    return { ...tokens, returnTo: pending.returnTo };
  }

  /** The Porta user of a provider subject: linked before, or found by a verified e-mail and linked now. */
  private async linkedUser(claims: Claims) {
    const [linked] = await this.db.select().from(users).where(eq(users.b2cSubject, claims.sub)).limit(1);
    if (linked) return linked;
    const email = typeof claims.email === 'string' ? claims.email : null;
    if (!email || claims.email_verified !== true) throw new AppError('IDN_OIDC_NO_ACCOUNT');
    const user = await findUserByEmail(this.db, email);
    if (!user) throw new AppError('IDN_OIDC_NO_ACCOUNT');
    const [updated] = await this.db
      .update(users)
      .set({ b2cSubject: claims.sub })
      .where(and(eq(users.id, user.id), isNull(users.b2cSubject)))
      .returning();
    if (!updated)
      throw new AppError('IDN_OIDC_NO_ACCOUNT', { detail: 'The account is linked to another login.' });
    return updated;
  }
}
