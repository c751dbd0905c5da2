import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, requests, responses } from './db/schema.js';
import { DEMO_REQUESTS } from './seed.js';
import { apiClient, loginAs, type ServiceRequestsTestApp, serviceRequestsTestApp } from './testing/index.js';

let t: ServiceRequestsTestApp;
let seeded: boolean;
beforeAll(async () => {
  t = await serviceRequestsTestApp();
  seeded = await t.serviceRequests.seedDemo();
});
afterAll(() => t.close());

const clientAs = async (key: string) => apiClient(t.app, (await loginAs(t.app, key)).accessToken);

describe('the service requests demo', () => {
  it('gives every demo company requests in several states, with responses', async () => {
    expect(seeded).toBe(true);
    const { db } = t.serviceRequests.context;
    const rows = await db.select().from(requests);
    expect(rows).toHaveLength(DEMO_REQUESTS.length);
    for (const hc of Object.values(t.hc)) {
      const mine = rows.filter((r) => r.housingCompanyId === hc);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.some((r) => r.responseCount > 0)).toBe(true);
    }
    const states = new Set(rows.map((r) => r.statusKey));
    expect([...states].sort()).toEqual(['closed', 'declined', 'inprogress', 'open']);
    // New (open, unanswered) and waiting for the resident (open, answered by a handler).
    const open = rows.filter((r) => r.statusKey === 'open');
    expect(open.some((r) => r.responseCount === 0)).toBe(true);
    expect(open.some((r) => r.responseCount > 0)).toBe(true);
    for (const r of rows) {
      const [n] = await db.select({ n: count() }).from(responses).where(eq(responses.requestId, r.id));
      expect(n!.n).toBe(r.responseCount);
      expect(r.closedAt !== null).toBe(r.statusKey === 'closed' || r.statusKey === 'declined');
    }
  });

  it('sends each request to its type’s handlers, who answer it', async () => {
    const { db } = t.serviceRequests.context;
    const manager = await t.userId('manager');
    const [drip] = await db.select().from(requests).where(eq(requests.subject, 'Dripping kitchen tap'));
    const to = await db.select().from(recipients).where(eq(recipients.requestId, drip!.id));
    expect(to.map((r) => r.userId)).toEqual([manager]);
    const answers = await db.select().from(responses).where(eq(responses.requestId, drip!.id));
    expect(answers[0]!.senderId).toBe(manager);
    expect(drip!.apartmentNo).toBe('B 12');
  });

  it('writes in the residents’ languages', async () => {
    const subjects = (await t.serviceRequests.context.db.select().from(requests)).map((r) => r.subject);
    expect(subjects).toContain('Kylpyhuoneen lattiakaivo haisee');
    expect(subjects).toContain('Bastuaggregatet låter konstigt');
    expect(subjects).toContain('Dripping kitchen tap');
  });

  it('shows the owner and the tenant their requests in the app', async () => {
    for (const key of ['owner', 'tenant']) {
      const c = await clientAs(key);
      const res = await c.get(
        `/api/service-requests/requests?housingCompanyId=${t.hc.lindenCourt}&filter=all`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('runs once', async () => {
    expect(await t.serviceRequests.seedDemo()).toBe(false);
    const [n] = await t.serviceRequests.context.db.select({ n: count() }).from(requests);
    expect(n!.n).toBe(DEMO_REQUESTS.length);
  });
});
