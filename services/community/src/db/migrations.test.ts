import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createStorage,
  type Database,
  loadConfig,
  MemoryBus,
  openDatabase,
  silentLogger,
} from '@porta/service-kit';
import { checkMigrations } from '@porta/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MIGRATIONS, createCommunity } from '../app.js';
import { zCommunityConfig } from '../config.js';
import * as schema from './schema.js';

/**
 * The committed migrations (services/community/drizzle, made by drizzle-kit generate) on PGlite:
 * they apply, a second run changes nothing, and they build exactly the tables and columns that
 * src/db/schema.ts declares, so a schema change without a new migration fails here.
 */

function migrate(database: Database) {
  const bus = new MemoryBus();
  const service = createCommunity({
    database,
    config: loadConfig(zCommunityConfig, { LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    storage: createStorage({ DATA_DIR: '/nonexistent' }),
    logger: silentLogger,
    bus,
  });
  return service.migrate().finally(() => bus.close());
}

describe('community migrations', () => {
  it('apply once, a second run changes nothing, and build exactly the columns of schema.ts', async () => {
    const result = await checkMigrations({
      service: 'community',
      pgSchema: 'community',
      folder: COMMUNITY_MIGRATIONS,
      schema,
      migrate,
    });
    expect(result.journal[0]!.tag).toBe('0000_community');
    expect(result.appliedFirst).toBe(result.journal.length);
    expect(result.appliedAgain).toBe(result.journal.length);
    expect(result.built).toEqual(result.declared);
  });
});

describe('0003_report_state', () => {
  it('hands over open reports whose comment, discussion or message was deleted before it, of the same company', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database);
      const q = (text: string, params?: unknown[]) => database.query(text, params);
      const hc = '00000000-0000-4000-8000-00000000000a';
      const otherHc = '00000000-0000-4000-8000-00000000000b';
      const writer = '00000000-0000-4000-8000-0000000000a1';
      const moderator = '00000000-0000-4000-8000-0000000000a2';
      const label = JSON.stringify({ kind: 'developer', role: null, apartment: null });
      const ids = {
        liveDiscussion: '00000000-0000-7000-8000-000000000d01',
        goneDiscussion: '00000000-0000-7000-8000-000000000d02',
        liveComment: '00000000-0000-7000-8000-000000000c01',
        ownDeleted: '00000000-0000-7000-8000-000000000c02',
        inGoneDiscussion: '00000000-0000-7000-8000-000000000c03',
        conversation: '00000000-0000-7000-8000-000000000e01',
        goneMessage: '00000000-0000-7000-8000-000000000f01',
      };
      const discussion = (id: string, deleted: boolean) =>
        q(
          `insert into community.discussions (id, housing_company_id, title, body, author_id, author_first_name, author_label, deleted_at, deleted_by)
           values ($1, $2, 'T', 'B', $3, 'Wanda', $4, $5, $6)`,
          [id, hc, writer, label, deleted ? '2026-11-01T10:00:00Z' : null, deleted ? moderator : null],
        );
      await discussion(ids.liveDiscussion, false);
      await discussion(ids.goneDiscussion, true);
      const comment = (id: string, discussionId: string, deletedBy: string | null) =>
        q(
          `insert into community.comments (id, discussion_id, housing_company_id, body, author_id, author_first_name, author_label, is_deleted, deleted_at, deleted_by)
           values ($1, $2, $3, '', $4, 'Wanda', $5, $6, $7, $8)`,
          [
            id,
            discussionId,
            hc,
            writer,
            label,
            deletedBy !== null,
            deletedBy ? '2026-11-02T10:00:00Z' : null,
            deletedBy,
          ],
        );
      await comment(ids.liveComment, ids.liveDiscussion, null);
      await comment(ids.ownDeleted, ids.liveDiscussion, writer);
      await comment(ids.inGoneDiscussion, ids.goneDiscussion, null);
      await q(
        `insert into community.conversations (id, type, housing_company_id, author_id, author_first_name, author_label)
         values ($1, 'private', $2, $3, 'Wanda', $4)`,
        [ids.conversation, hc, writer, label],
      );
      await q(
        `insert into community.messages (id, conversation_id, housing_company_id, body, author_id, author_first_name, author_label, is_deleted, deleted_at, deleted_by)
         values ($1, $2, $3, '', $4, 'Wanda', $5, true, '2026-11-03T10:00:00Z', $6)`,
        [ids.goneMessage, ids.conversation, hc, writer, label, moderator],
      );
      const report = async (targetType: string, targetObject: string, company = hc) => {
        const [row] = await q(
          `insert into community.reports (housing_company_id, hc_ext, housing_company_name, target_object, target_type, target_href, report_type, description, reporter_id, reporter_first_name)
           values ($1, 'X', 'X', $2, $3, '/x?_hc=X', 'other_reason', '', $4, 'Rita') returning id`,
          [company, targetObject, targetType, moderator],
        );
        return (row as { id: string }).id;
      };
      const r = {
        live: await report('comment', ids.liveComment),
        own: await report('comment', ids.ownDeleted),
        crossed: await report('comment', ids.ownDeleted, otherHc),
        goneDiscussion: await report('discussion', ids.goneDiscussion),
        inGoneDiscussion: await report('comment', ids.inGoneDiscussion),
        message: await report('message', ids.goneMessage),
        unknown: await report('comment', 'not-an-id'),
      };

      // The migration's hand-over, run again on these rows (it ran on none).
      const sqlText = readFileSync(join(COMMUNITY_MIGRATIONS, '0003_report_state.sql'), 'utf8');
      for (const statement of sqlText.split('--> statement-breakpoint')) {
        if (statement.trim().startsWith('UPDATE')) await q(statement);
      }
      const rows = (await q(
        'select id, handled_at, handled_by, handled_by_first_name, handled_how from community.reports',
      )) as {
        id: string;
        handled_at: Date | string | null;
        handled_by: string | null;
        handled_by_first_name: string | null;
        handled_how: string | null;
      }[];
      const state = (id: string) => {
        const row = rows.find((x) => x.id === id)!;
        return {
          at: row.handled_at ? new Date(row.handled_at).toISOString() : null,
          by: row.handled_by,
          name: row.handled_by_first_name,
          how: row.handled_how,
        };
      };
      const open = { at: null, by: null, name: null, how: null };
      expect(state(r.live)).toEqual(open);
      expect(state(r.unknown)).toEqual(open);
      expect(state(r.crossed)).toEqual(open);
      expect(state(r.own)).toEqual({
        at: '2026-11-02T10:00:00.000Z',
        by: writer,
        name: 'Wanda',
        how: 'deleted',
      });
      expect(state(r.goneDiscussion)).toEqual({
        at: '2026-11-01T10:00:00.000Z',
        by: moderator,
        name: null,
        how: 'deleted',
      });
      expect(state(r.inGoneDiscussion)).toEqual({
        at: '2026-11-01T10:00:00.000Z',
        by: moderator,
        name: null,
        how: 'deleted',
      });
      expect(state(r.message)).toEqual({
        at: '2026-11-03T10:00:00.000Z',
        by: moderator,
        name: null,
        how: 'deleted',
      });
    } finally {
      await database.close();
    }
  });
});
