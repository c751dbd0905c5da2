import Fastify from 'fastify';
import pg from 'pg';
import { listenUntilStopped } from './lifecycle.js';

/**
 * Scenario 2: Fastify and node-postgres, one single-row query per request on the real PostgreSQL.
 * The pool has Porta's default size (openDatabase: 10 connections).
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get('/', async () => {
  const { rows } = await pool.query<{ id: number; message: string }>(
    'select id, message from bench.hello where id = $1',
    [1],
  );
  return rows[0];
});
await listenUntilStopped(app, () => pool.end());
