import { Readable } from 'node:stream';
import {
  SERVICE_REQUEST_CLOSED_STATUSES,
  SERVICE_REQUEST_CSV_COLUMNS,
  SERVICE_REQUEST_TYPE_NAMES,
  type ServiceRequestTypeKey,
} from '@porta/contracts';
import Fastify from 'fastify';
import { openBareDatabase } from './bare-database.js';
import { listenUntilStopped } from './lifecycle.js';

/**
 * The baseline of the service-requests scenarios: bare Fastify answering what the service's list,
 * detail and CSV export answer, straight from the service's tables, without authentication,
 * policies, the identity directory and feature checks, logging, validation or response schemas.
 * On PostgreSQL (DATABASE_URL) through a node-postgres pool of 10, as Porta; else on PGlite in
 * DATA_DIR/pglite (one in-process connection, as the embedded mode).
 *
 *   GET /list?hc=[&user=&apartments=]  a page of 10, newest first, with recipients and attachments, and the total,
 *                                      as one statement: every request of the company (a handler), or what a
 *                                      resident sees (user; the service's rule, the total counted reason by reason)
 *   GET /detail?id=                    one request with its recipients, attachments and responses
 *   GET /export[?hc=]                  the CSV of the company's requests (or all), newest first: the same
 *                                      statements as the service (keyset batches of 2,000 by id), the same bytes
 */
const { query, close } = await openBareDatabase();

const BATCH = 2_000;

const RECIPIENTS = `(select coalesce(json_agg(json_build_object('userId', c.user_id, 'firstName', c.first_name)
                                              order by c.created_at, c.user_id), '[]')
                       from service_requests.recipients c where c.request_id = r.id) as recipients`;
const attachmentsOf = (column: string, key: string) => `(select coalesce(json_agg(json_build_object(
                         'id', a.id, 'fileName', a.file_name, 'mimeType', a.mime_type, 'size', a.size)
                         order by a.created_at, a.id), '[]')
                       from service_requests.attachments a where a.${column} = ${key}) as attachments`;

/** What a resident ($2, with the apartments $3) sees in the company: as the service's rule. */
const RESIDENT_SEES = `(r.sender_id = $2 or r.target_user_id = $2
  or r.id in (select c.request_id from service_requests.recipients c where c.user_id = $2)
  or r.is_public or (r.visible_in_apartment and r.apartment_id = any($3::uuid[])))`;
/** The same as a union of one index read per reason, for the total (as the service counts it). */
const RESIDENT_SEES_IDS = `
  select id from service_requests.requests where housing_company_id = $1 and sender_id = $2
  union select id from service_requests.requests where housing_company_id = $1 and target_user_id = $2
  union select id from service_requests.requests where housing_company_id = $1
          and id in (select c.request_id from service_requests.recipients c where c.user_id = $2)
  union select id from service_requests.requests where housing_company_id = $1 and is_public
  union select id from service_requests.requests where housing_company_id = $1 and visible_in_apartment
          and apartment_id = any($3::uuid[])`;

const list = (visible: string, total: string) => `
  select (select coalesce(json_agg(p order by p.id desc), '[]') from (
            select r.*, ${RECIPIENTS}, ${attachmentsOf('request_id', 'r.id')}
              from service_requests.requests r where r.housing_company_id = $1 and ${visible}
             order by r.id desc limit 10) as p) as items,
         (${total}) as total`;
const LIST_HANDLER = list(
  'true',
  'select count(*)::int from service_requests.requests r where r.housing_company_id = $1',
);
const LIST_RESIDENT = list(RESIDENT_SEES, `select count(*)::int from (${RESIDENT_SEES_IDS}) as v`);

const DETAIL = `
  select r.*, ${RECIPIENTS}, ${attachmentsOf('request_id', 'r.id')},
         (select coalesce(json_agg(x order by x.id), '[]') from (
            select s.*, ${attachmentsOf('response_id', 's.id')}
              from service_requests.responses s where s.request_id = r.id) as x) as responses
    from service_requests.requests r where r.id = $1`;

const EXPORT_COLUMNS = `id, internal_id, created_at, type_id, subject, status_key, is_public, urgent_request,
  visible_in_apartment, sender_name, apartment_no, sender_tel, response_count, closed_at`;
const exportBatch = (where: string[]) => `
  select ${EXPORT_COLUMNS} from service_requests.requests
   ${where.length ? `where ${where.join(' and ')}` : ''}
   order by id desc limit ${BATCH}`;
const EXPORT = {
  company: exportBatch(['housing_company_id = $1']),
  companyAfter: exportBatch(['housing_company_id = $1', 'id < $2']),
  all: exportBatch([]),
  allAfter: exportBatch(['id < $1']),
};

/** A CSV cell as service-kit's csvStream (csv-stringify) writes it: formula-like text prefixed, quoted when needed. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value ? String(value) : '');

function csvLine(r: Record<string, unknown>): string {
  const status = r.status_key as (typeof SERVICE_REQUEST_CLOSED_STATUSES)[number];
  return [
    r.id,
    r.internal_id ?? '',
    iso(r.created_at),
    SERVICE_REQUEST_TYPE_NAMES[r.type_id as ServiceRequestTypeKey],
    r.subject,
    status,
    SERVICE_REQUEST_CLOSED_STATUSES.includes(status),
    r.is_public,
    r.urgent_request,
    r.visible_in_apartment,
    r.sender_name,
    r.apartment_no ?? '',
    r.sender_tel ?? '',
    r.response_count,
    iso(r.closed_at),
  ]
    .map(cell)
    .join(',');
}

/** The export: header, then one write per batch of 2,000 rows read by id (keyset). */
async function* exportCsv(hc: string | undefined): AsyncGenerator<string> {
  yield `\ufeff${SERVICE_REQUEST_CSV_COLUMNS.join(',')}\r\n`;
  let before: string | null = null;
  for (;;) {
    const params: unknown[] = hc ? [hc] : [];
    if (before) params.push(before);
    const text = hc ? (before ? EXPORT.companyAfter : EXPORT.company) : before ? EXPORT.allAfter : EXPORT.all;
    const rows = await query(text, params);
    if (rows.length) yield `${rows.map(csvLine).join('\r\n')}\r\n`;
    if (rows.length < BATCH) return;
    before = String(rows[rows.length - 1]!.id);
  }
}

const app = Fastify();
app.get('/ready', async () => ({ ok: true }));

app.get<{ Querystring: { hc: string; user?: string; apartments?: string } }>('/list', async (request) => {
  const { hc, user, apartments } = request.query;
  const [row] = user
    ? await query(LIST_RESIDENT, [hc, user, (apartments ?? '').split(',').filter(Boolean)])
    : await query(LIST_HANDLER, [hc]);
  return row;
});

app.get<{ Querystring: { id: string } }>('/detail', async (request, reply) => {
  const [row] = await query(DETAIL, [request.query.id]);
  return row ?? reply.status(404).send({ error: 'not found' });
});

app.get<{ Querystring: { hc?: string } }>('/export', async (request, reply) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="service-requests.csv"')
    .send(Readable.from(exportCsv(request.query.hc))),
);

await listenUntilStopped(app, close);
