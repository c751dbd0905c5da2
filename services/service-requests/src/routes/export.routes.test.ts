import {
  SERVICE_REQUEST_CSV_COLUMNS,
  SERVICE_REQUEST_TYPE_NAMES,
  type ServiceRequestDetail,
} from '@porta/contracts';
import { csvStream } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../domain/export.js';
import { apiClient, loginAs, type ServiceRequestsTestApp, serviceRequestsTestApp } from '../testing/index.js';

/**
 * The staff's CSV export (02 §7 format=csv): Linden Court's requests with the list's filters, for
 * its handlers and the developer's staff only.
 */

let t: ServiceRequestsTestApp;
type Client = ReturnType<typeof apiClient>;
const c: Record<string, Client> = {};
let linden: string;
const ids: Record<string, string> = {};

const exportOf = (as: Client, query: string) =>
  as.get(`/api/service-requests/requests/export?housingCompanyId=${linden}${query}`);

/** The CSV's rows as cells (without the byte-order mark and the final line end). */
function rowsOf(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

beforeAll(async () => {
  t = await serviceRequestsTestApp();
  linden = t.hc.lindenCourt;
  for (const key of ['tenant', 'owner', 'manager', 'board', 'staff', 'othermanager', 'neighbour']) {
    c[key] = apiClient(t.app, (await loginAs(t.app, key)).accessToken);
  }
  const send = async (key: string, body: Record<string, unknown>) => {
    const res = await c[key]!.post('/api/service-requests/requests', {
      housingCompanyId: linden,
      content: '<p>Please</p>',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  ids.leak = await send('tenant', { typeId: 'maintenance_dispatch', subject: 'Leaking tap' });
  ids.formula = await send('owner', {
    typeId: 'common_area_fault',
    subject: '=HYPERLINK("x")',
    senderTel: '+358 40 123 4567',
    public: true,
  });
  ids.board = await send('tenant', { typeId: 'housing_association_board', subject: 'Bike racks' });
  const closed = await c.manager!.put(`/api/service-requests/requests/${ids.leak}`, {
    statusKey: 'closed',
    sendNotification: false,
  });
  expect(closed.statusCode, closed.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

describe('CSV export of service requests', () => {
  it('streams every request of the housing company to its property manager, newest first, named by the day', async () => {
    const res = await exportOf(c.manager!, '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="service-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([...SERVICE_REQUEST_CSV_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual([ids.board, ids.formula, ids.leak]);
    const leak = rows.find((r) => r[0] === ids.leak)!;
    expect(leak.slice(3, 8)).toEqual(['Maintenance dispatch', 'Leaking tap', 'closed', 'true', 'false']);
    // A cell a spreadsheet would run as a formula is kept as text.
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    // The database writes each line exactly as service-kit's csvStream would write the request.
    for (const id of [ids.formula!, ids.leak!]) {
      const d = (await c.manager!.get(`/api/service-requests/requests/${id}`)).json<ServiceRequestDetail>();
      const row = [
        d.id,
        d.internalId ?? '',
        d.createdAt,
        SERVICE_REQUEST_TYPE_NAMES[d.typeId],
        d.subject,
        d.statusKey,
        d.closed,
        d.public,
        d.urgentRequest,
        d.visibleInApartment,
        d.sender.name,
        d.sender.apartment ?? '',
        d.sender.tel ?? '',
        d.responseCount,
        d.closedAt ?? '',
      ];
      async function* one() {
        yield [row];
      }
      let text = '';
      for await (const chunk of csvStream(SERVICE_REQUEST_CSV_COLUMNS, one(), () => undefined)) text += chunk;
      const line = text.split('\r\n')[1]!;
      expect(line.startsWith(d.id)).toBe(true);
      expect(res.body).toContain(`\r\n${line}\r\n`);
    }
  });

  it("applies the list's filters", async () => {
    const closed = rowsOf((await exportOf(c.manager!, '&filter=closed')).body).slice(1);
    expect(closed.map((r) => r[0])).toEqual([ids.leak]);
    const pending = rowsOf((await exportOf(c.board!, '&filter=pending')).body).slice(1);
    expect(pending.map((r) => r[0])).toEqual([ids.board, ids.formula]);
    const byType = rowsOf((await exportOf(c.staff!, '&type=housing_association_board')).body).slice(1);
    expect(byType.map((r) => r[0])).toEqual([ids.board]);
    expect((await exportOf(c.manager!, '&format=xlsx')).statusCode).toBe(400);
  });

  it('is refused to residents (403) and to people of other housing companies (404)', async () => {
    const tenant = await exportOf(c.tenant!, '');
    expect(tenant.statusCode).toBe(403);
    expect(tenant.json().code).toBe('SRQ_EXPORT_NOT_PERMITTED');
    expect(tenant.body).not.toContain('Leaking tap');
    for (const key of ['othermanager', 'neighbour']) {
      const res = await exportOf(c[key]!, '');
      expect(res.statusCode, key).toBe(404);
      expect(res.body).not.toContain('Leaking tap');
    }
  });

  it('reads batch after batch by id, each request once, newest first, the times as toISOString() writes them', async () => {
    const extra = 2 * EXPORT_BATCH + 7;
    // Requests written straight into the table, older than the ones sent above, some created at
    // the same millisecond (the keyset is the id, not the time).
    await t.query(
      `insert into service_requests.requests (id, housing_company_id, type_id, subject, content, sender_id, sender_name,
                                              created_at, updated_at, closed_at, status_key)
       select (lpad(to_hex(1700000000000 + n / 3), 12, '0') || '7' || substr(md5(n::text), 1, 3) || '8'
               || substr(md5(n::text), 4, 15))::uuid,
              $1, 'maintenance_dispatch', 'Batch ' || n, '<p>x</p>', $2, 'Batch Sender',
              to_timestamp((1700000000000 + n / 3) / 1000.0) + interval '123 microseconds',
              now(), case when n % 2 = 0 then now() end, case when n % 2 = 0 then 'closed' else 'open' end
         from generate_series(1, $3::int) as n`,
      [linden, await t.userId('tenant'), extra],
    );
    try {
      const res = await exportOf(c.manager!, '');
      expect(res.statusCode, res.body).toBe(200);
      const rows = rowsOf(res.body).slice(1);
      expect(rows).toHaveLength(extra + 3);
      const idsOut = rows.map((r) => r[0]!);
      expect(new Set(idsOut).size).toBe(idsOut.length);
      expect([...idsOut].sort().reverse()).toEqual(idsOut);
      const [stored] = await t.query<{ created_at: Date; closed_at: Date }>(
        `select created_at, closed_at from service_requests.requests where subject = 'Batch 2'`,
      );
      const second = rows.find((r) => r[4] === 'Batch 2')!;
      expect(second[2]).toBe(stored!.created_at.toISOString());
      expect(second[14]).toBe(stored!.closed_at.toISOString());
    } finally {
      await t.query(`delete from service_requests.requests where sender_name = 'Batch Sender'`);
    }
  });
});
