import { SERVICE_REQUEST_CSV_COLUMNS } from '@porta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
