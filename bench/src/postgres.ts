import pg from 'pg';
import { withDatabase } from './settings.js';

/**
 * Create the benchmark database afresh (dropped first, open connections ended) with the one-row
 * table of the pg scenario. Identity migrates and seeds its own schema in it later. Answers the
 * server's version.
 */
export async function prepareDatabase(serverUrl: string, database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let version: string;
  try {
    // The name is checked to be a plain identifier (settings.ts).
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    version = rows[0]?.server_version ?? 'unknown';
  } finally {
    await admin.end();
  }

  const client = new pg.Client({ connectionString: withDatabase(serverUrl, database) });
  await client.connect();
  try {
    await client.query('create schema bench');
    await client.query('create table bench.hello (id integer primary key, message text not null)');
    await client.query(`insert into bench.hello (id, message) values (1, 'hello world')`);
  } finally {
    await client.end();
  }
  return version;
}

/** Drop the benchmark database at the end of the run. */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
  } finally {
    await admin.end();
  }
}
