import type { Role } from '@porta/contracts';
import {
  type App,
  createService,
  createTokenVerifier,
  loadConfig,
  type Mailer,
  type MailMessage,
  openDatabase,
} from '@porta/service-kit';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createIdentity, type Identity } from '../app.js';
import { type IdentityConfig, zIdentityConfig } from '../config.js';
import { apartmentRoles, apartments, housingCompanies, housingCompanyRoles, users } from '../db/schema.js';
import { hashPassword } from '../domain/password.js';
import { DEMO_PASSWORD, demoEmail } from '../seed.js';

export interface IdentityTestApp {
  app: App;
  identity: Identity;
  close(): Promise<void>;
}

/** A mailer that keeps what it sends, for tests that read the mails (links, texts). */
export interface CapturingMailer extends Mailer {
  readonly sent: MailMessage[];
}

export function capturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return {
    kind: 'file',
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: `<test-${sent.length}@porta.test>` };
    },
    async verify() {},
    async close() {},
  };
}

/**
 * identity on a fresh in-memory PGlite, migrated and seeded, ready for app.inject(). Pass a mailer
 * (e.g. capturingMailer()) to send mail; without one identity sends none.
 */
export async function identityTestApp(
  env: Record<string, string> = {},
  options: { mailer?: Mailer } = {},
): Promise<IdentityTestApp> {
  const config: IdentityConfig = loadConfig(zIdentityConfig, {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: 'memory://' });
  const identity = createIdentity({ database, config, mailer: options.mailer });
  await identity.migrate();
  // Without the demo's feature toggles: the tests switch features on themselves.
  await identity.seedDemo({ features: false });
  const app = createService({ name: 'identity', config, verifier: createTokenVerifier(identity.keySource) });
  await app.register(identity.plugin);
  await app.ready();
  return {
    app,
    identity,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function loginAs(app: App, key: string, password = DEMO_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: `${key}@demo.porta.test`, password },
  });
  if (res.statusCode !== 200) throw new Error(`login as ${key} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string; refreshToken: string; expiresIn: number }>();
}

/**
 * Add a user `<key>@demo.porta.test` directly (for tests that change or end an account and must
 * not disturb the demo users). Roles in apartments and housing companies are named by aptext and
 * hcExt of the demo data. Answers the new user's id.
 */
export async function addTestUser(
  t: Pick<IdentityTestApp, 'identity'>,
  input: {
    key: string;
    firstName?: string;
    registered?: boolean;
    /** null: no password (a user created by staff); default the demo password. */
    password?: string | null;
    roles?: Role[];
    apartments?: { aptext: string; role: string }[];
    housingCompanies?: { hcExt: string; role: string }[];
    locale?: string;
    publicProfile?: boolean;
  },
): Promise<string> {
  const { db } = t.identity.context;
  const password = input.password === undefined ? DEMO_PASSWORD : input.password;
  const [user] = await db
    .insert(users)
    .values({
      email: demoEmail(input.key),
      firstName: input.firstName ?? 'Test',
      lastName: input.key,
      locale: input.locale ?? 'en_US',
      passwordHash: password === null ? null : await hashPassword(password),
      registered: input.registered ?? true,
      roles: input.roles ?? [],
      publicProfile: input.publicProfile ?? false,
      source: 'test',
    })
    .returning();
  for (const a of input.apartments ?? []) {
    const [apt] = await db.select().from(apartments).where(eq(apartments.aptext, a.aptext));
    await db.insert(apartmentRoles).values({ userId: user!.id, apartmentId: apt!.id, role: a.role });
  }
  for (const h of input.housingCompanies ?? []) {
    const [hc] = await db.select().from(housingCompanies).where(eq(housingCompanies.hcExt, h.hcExt));
    await db.insert(housingCompanyRoles).values({ userId: user!.id, housingCompanyId: hc!.id, role: h.role });
  }
  return user!.id;
}

/** The user moves out: every role they hold in housing companies and apartments ended on `ended` (YYYY-MM-DD). */
export async function endRoles(
  t: Pick<IdentityTestApp, 'identity'>,
  userId: string,
  ended: string,
): Promise<void> {
  const { db } = t.identity.context;
  await db.update(apartmentRoles).set({ validUntil: ended }).where(eq(apartmentRoles.userId, userId));
  await db
    .update(housingCompanyRoles)
    .set({ validUntil: ended })
    .where(eq(housingCompanyRoles.userId, userId));
}

/** Requests to identity as the holder of an access token (none: anonymous). */
export function apiClient(app: App, accessToken?: string) {
  const headers = accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) =>
      app.inject({ method: 'POST', url, headers, payload: payload as InjectOptions['payload'] }),
    put: (url: string, payload?: unknown) =>
      app.inject({ method: 'PUT', url, headers, payload: payload as InjectOptions['payload'] }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** Sign in as a demo (or test) user and make requests as them. */
export async function apiClientAs(app: App, key: string, password?: string) {
  return apiClient(app, (await loginAs(app, key, password)).accessToken);
}
