import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apartmentRoles, bans, housingCompanies, signatures, users } from '../db/schema.js';
import { addTestUser, apiClientAs, type IdentityTestApp, identityTestApp } from '../testing/identity-app.js';

let t: IdentityTestApp;
let subjectId: string;
let linden: string;

beforeAll(async () => {
  t = await identityTestApp();
  const { db } = t.identity.context;
  linden = (await db.select().from(housingCompanies).where(eq(housingCompanies.hcExt, 'DEMO-2000')))[0]!.id;
  // A user with something in every part of the report.
  subjectId = await addTestUser(t, {
    key: 'subject',
    firstName: 'Sanna',
    apartments: [{ aptext: 'DEMO-2000-B12', role: 'familyMember' }],
    housingCompanies: [{ hcExt: 'DEMO-2000', role: 'propertyManager' }],
  });
  await db
    .update(apartmentRoles)
    .set({ validFrom: '2024-01-01', validUntil: '2099-12-31' })
    .where(eq(apartmentRoles.userId, subjectId));
  await db.insert(signatures).values({ userId: subjectId, name: 'Work', content: 'Sanna, property manager' });
  await db.insert(bans).values({
    userId: subjectId,
    housingCompanyId: linden,
    expiresAt: new Date('2099-01-01T21:59:59Z'),
    reason: 'Rude comments',
  });
  const subject = await as('subject');
  await subject.put('/api/identity/me/quick-links', {
    projectId: linden,
    links: [{ moduleId: 'contact-book' }],
  });
  await subject.post('/api/identity/me/dialogs', { id: 'welcome-to-plus-dialog', projectId: linden });
  await subject.post('/api/identity/me/tasks/task-123/status/true');
  await subject.post('/api/identity/me/email-change', { newEmail: 'sanna.new@example.test' });
  await t.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: 'subject@demo.porta.test', password: 'Wrong-Password-1' },
  });
});
afterAll(() => t.close());

const as = (who: string) => apiClientAs(t.app, who);

function expectCompleteReport(report: Record<string, unknown>) {
  expect(report.profile).toMatchObject({
    id: subjectId,
    email: 'subject@demo.porta.test',
    firstName: 'Sanna',
    hasPassword: true,
    registered: true,
    enabled: true,
  });
  expect(report.apartmentRoles).toEqual([
    expect.objectContaining({
      aptext: 'DEMO-2000-B12',
      housingCompanyName: 'As Oy Demo Linden Court',
      role: 'familyMember',
      validFrom: '2024-01-01',
      validUntil: '2099-12-31',
    }),
  ]);
  expect(report.housingCompanyRoles).toEqual([
    expect.objectContaining({ housingCompanyId: linden, role: 'propertyManager', validFrom: null }),
  ]);
  expect(report.housingCompanies).toEqual([expect.objectContaining({ id: linden, hcExt: 'DEMO-2000' })]);
  expect(report.signatures).toEqual([expect.objectContaining({ name: 'Work' })]);
  expect(report.quickLinks).toEqual([
    expect.objectContaining({ housingCompanyId: linden, moduleIds: ['contact-book'] }),
  ]);
  expect(report.dialogs).toEqual([
    expect.objectContaining({ id: 'welcome-to-plus-dialog', projectId: linden }),
  ]);
  expect(report.tasks).toEqual([expect.objectContaining({ taskId: 'task-123', done: true })]);
  expect(report.bans).toEqual([
    expect.objectContaining({
      housingCompanyId: linden,
      reason: 'Rude comments',
      expiresAt: '2099-01-01T21:59:59.000Z',
    }),
  ]);
  expect(report.emailLinks).toEqual([
    expect.objectContaining({ purpose: 'email-change', newEmail: 'sanna.new@example.test', usedAt: null }),
  ]);
  expect(report.failedSignIns).toHaveLength(1);
  expect((report.sessions as unknown[]).length).toBeGreaterThanOrEqual(1);
  expect(report.sessions).toContainEqual(expect.objectContaining({ issuer: 'portal', revokedAt: null }));
}

describe('GET /api/identity/me/gdpr-report', () => {
  it('reports everything identity stores about the user, without secrets', async () => {
    const res = await (await as('subject')).get('/api/identity/me/gdpr-report');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBeUndefined();
    expectCompleteReport(res.json());
    const [row] = await t.identity.context.db.select().from(users).where(eq(users.id, subjectId));
    expect(res.body).not.toContain(row!.passwordHash!);
    expect(res.body).not.toMatch(/scrypt|passwordHash|tokenHash/);
  });

  it('answers an attachment named by the date with download=1', async () => {
    const res = await (await as('subject')).get('/api/identity/me/gdpr-report?download=1');
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="porta-user-information-${today}.json"`,
    );
    expect(res.json().profile.id).toBe(subjectId);
  });

  it('shows partner companies and global roles', async () => {
    const report = (await (await as('partner')).get('/api/identity/me/gdpr-report')).json();
    expect(report.partnerCompanies).toEqual([expect.objectContaining({ name: 'Demo Kitchen Partners Oy' })]);
    expect(report.profile.roles).toEqual(['partner']);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/identity/me/gdpr-report' })).statusCode).toBe(401);
  });
});

describe('GET /api/identity/admin/users/:id/gdpr-report', () => {
  it('gives business admins and admins the report of any user', async () => {
    await addTestUser(t, { key: 'bizadmin', roles: ['yitBusinessAdmin'] });
    for (const who of ['bizadmin', 'admin']) {
      const res = await (await as(who)).get(`/api/identity/admin/users/${subjectId}/gdpr-report?download=1`);
      expect(res.statusCode, who).toBe(200);
      expectCompleteReport(res.json());
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="porta-user-information-/);
    }
  });

  it('refuses everyone else (403), answers 404 for an unknown user and 401 without a token', async () => {
    for (const who of ['staff', 'manager', 'board', 'owner', 'partner']) {
      const res = await (await as(who)).get(`/api/identity/admin/users/${subjectId}/gdpr-report`);
      expect(res.statusCode, who).toBe(403);
    }
    const unknown = await (await as('admin')).get(
      '/api/identity/admin/users/00000000-0000-4000-8000-000000000000/gdpr-report',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('IDN_USER_NOT_FOUND');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/identity/admin/users/${subjectId}/gdpr-report`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
