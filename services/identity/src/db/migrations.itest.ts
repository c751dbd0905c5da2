import {
  createService,
  createTokenVerifier,
  type Database,
  loadConfig,
  openDatabase,
} from '@porta/service-kit';
import { integrationServiceUrls, requireService } from '@porta/service-kit/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '../app.js';
import { zIdentityConfig } from '../config.js';

const { DATABASE_URL } = integrationServiceUrls();
const up = await requireService('PostgreSQL', DATABASE_URL);
const config = loadConfig(zIdentityConfig, { LOG_LEVEL: 'silent' });
const name = `porta_it_identity_${Date.now().toString(36)}`;
const url = new URL(DATABASE_URL);
url.pathname = `/${name}`;

async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const COLUMNS = `select table_name, column_name, data_type, is_nullable
  from information_schema.columns where table_schema = 'identity' order by table_name, column_name`;

describe.skipIf(!up)('identity migrations on the real PostgreSQL', () => {
  const opened: Database[] = [];
  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it('migrates once when several processes start at the same time, and again is a no-op', async () => {
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 3 })),
    );
    opened.push(...databases);
    await Promise.all(databases.map((database) => createIdentity({ database, config }).migrate()));
    const [first] = databases;
    const applied = await first!.query<{ n: string }>(
      'select count(*) as n from drizzle.identity_migrations',
    );
    expect(Number(applied[0]!.n)).toBeGreaterThan(0);
    await createIdentity({ database: first!, config }).migrate();
    const again = await first!.query<{ n: string }>('select count(*) as n from drizzle.identity_migrations');
    expect(again[0]!.n).toBe(applied[0]!.n);
  });

  it('gives the same tables and columns as PGlite', async () => {
    const lite = await openDatabase({ dataDir: 'memory://' });
    opened.push(lite);
    await createIdentity({ database: lite, config }).migrate();
    const server = opened[0]!;
    expect(await server.query(COLUMNS)).toEqual(await lite.query(COLUMNS));
  });

  it('signs in, rotates and revokes on the real PostgreSQL', async () => {
    const database = opened[0]!;
    const identity = createIdentity({ database, config });
    expect(await identity.seedDemo()).toBe(true);
    expect(await identity.seedDemo()).toBe(false);
    const app = createService({
      name: 'identity',
      config,
      verifier: createTokenVerifier(identity.keySource),
    });
    await app.register(identity.plugin);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/identity/login',
        payload: { email: 'manager@demo.porta.test', password: 'Demo-Portal-2026' },
      });
      expect(login.statusCode).toBe(200);
      const { refreshToken } = login.json();
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/identity/token/refresh',
        payload: { refreshToken },
      });
      expect(refreshed.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/identity/me',
        headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
      });
      expect(me.json().hcs).toHaveLength(2);
      const reuse = await app.inject({
        method: 'POST',
        url: '/api/identity/token/refresh',
        payload: { refreshToken },
      });
      expect(reuse.statusCode).toBe(401);
      const after = await app.inject({
        method: 'POST',
        url: '/api/identity/token/refresh',
        payload: { refreshToken: refreshed.json().refreshToken },
      });
      expect(after.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
