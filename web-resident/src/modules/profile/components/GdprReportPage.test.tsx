import type { GdprReport } from '@porta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, problem } from '../../../testing/fetch-mock';
import { IDS, meResponse } from '../../../testing/fixtures';
import { startSignedIn } from '../../../testing/signed-in';
import { gdprReportFileName } from '../utils/download';

const OTHER_USER = '0b6f3c52-1c1e-4a8e-9f5e-0d6c1f7a2b99';
const SESSION = '7c7c7c7c-1b1b-4c4c-8d8d-000000000001';

function report(overrides: Partial<GdprReport> = {}): GdprReport {
  return {
    generatedAt: '2026-03-05T10:15:00.000Z',
    profile: {
      id: IDS.user,
      email: 'owner@demo.porta.test',
      firstName: 'Olivia',
      lastName: 'Owner',
      phone: null,
      locale: 'en_US',
      externalId: 'CRM-42',
      male: null,
      publicProfile: false,
      registered: true,
      enabled: true,
      source: 'crm',
      hasPassword: true,
      consumerLoginLinked: false,
      roles: [],
      selectedHousingCompanyId: IDS.demoHc,
      selectedApartmentId: IDS.demoApt,
      createdAt: '2025-01-02T08:00:00.000Z',
      updatedAt: '2026-03-01T08:00:00.000Z',
      lastLoginAt: '2026-03-05T07:30:00.000Z',
      registeredAt: '2025-01-03T08:00:00.000Z',
      deactivatedAt: null,
    },
    housingCompanies: [
      { id: IDS.demoHc, hcExt: 'DEMO-1', name: 'As Oy Demo Porta', addressCity: 'Helsinki' },
    ],
    housingCompanyRoles: [],
    apartmentRoles: [
      {
        apartmentId: IDS.demoApt,
        apartmentNo: 'A 1',
        aptext: 'DEMO-1-A1',
        housingCompanyId: IDS.demoHc,
        housingCompanyName: 'As Oy Demo Porta',
        role: 'owner',
        validFrom: '2025-01-01',
        validUntil: null,
      },
    ],
    scheduledRoleChanges: [],
    partnerCompanies: [],
    keyContactOf: [],
    sessions: [
      {
        id: SESSION,
        issuer: 'portal',
        createdAt: '2026-03-05T07:30:00.000Z',
        lastUsedAt: '2026-03-05T09:00:00.000Z',
        expiresAt: '2026-04-04T07:30:00.000Z',
        revokedAt: null,
        revokedReason: null,
        ip: '192.0.2.10',
        userAgent: 'Firefox',
      },
    ],
    failedSignIns: [],
    emailLinks: [],
    signatures: [],
    quickLinks: [
      {
        housingCompanyId: IDS.demoHc,
        moduleIds: ['documents-v2', 'warranty'],
        updatedAt: '2026-02-01T08:00:00.000Z',
      },
    ],
    dialogs: [],
    tasks: [],
    bans: [
      {
        id: '8d8d8d8d-1b1b-4c4c-8d8d-000000000001',
        housingCompanyId: null,
        expiresAt: '2026-03-31T21:59:59.999Z',
        reason: 'Spam',
        createdAt: '2026-03-01T08:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('/profile/gdpr-report', () => {
  it('shows the own report readably and offers it as a JSON file', async () => {
    const data = report();
    const app = startSignedIn('/profile/gdpr-report', {
      routes: { 'GET /api/identity/me/gdpr-report': json(data) },
    });
    await screen.findByRole('heading', { level: 1, name: 'User information' });
    await waitFor(() => expect(document.title).toBe('User information - My settings - Porta'));
    expect(await screen.findByText('Created 5 Mar 2026 12:15')).toBeTruthy();

    const profile = within(screen.getByRole('region', { name: 'Profile' }));
    expect(profile.getByText('CRM-42')).toBeTruthy();
    expect(profile.getByText('3 Jan 2025 10:00')).toBeTruthy();

    const roles = within(screen.getByRole('region', { name: 'Roles' }));
    expect(
      roles
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([['As Oy Demo Porta', 'A 1', 'Owner', '1 Jan 2025', '–']]);

    const sessions = within(screen.getByRole('region', { name: 'Sessions' }));
    expect(sessions.getByText('192.0.2.10')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Quick links' })).getByText(
        'As Oy Demo Porta: Documents, Warranty',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Bans' })).getByText(
        'Banned from commenting (everywhere) until 1 Apr 2026 — Spam',
      ),
    ).toBeTruthy();
    // A section with nothing in it says that Porta holds nothing of the kind, never a bare "No items found".
    expect(
      within(screen.getByRole('region', { name: 'Signatures' })).getByText(
        'Porta holds no data of this kind about you.',
      ),
    ).toBeTruthy();
    // Partner companies, failed sign-ins, e-mail links, signatures, dialogs and tasks are empty.
    expect(screen.getAllByText('Porta holds no data of this kind about you.')).toHaveLength(6);
    expect(screen.queryByText(/no items found/i)).toBeNull();

    // Download: the report as a file named after today.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
    const revokeObjectURL = vi.fn();
    const jsdomUrl = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => {
      Object.assign(URL, jsdomUrl);
    });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await app.user.click(screen.getByRole('button', { name: 'Download as JSON' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(clicked[0]?.download).toBe(gdprReportFileName());
    expect(clicked[0]?.download).toMatch(/^porta-user-information-\d{4}-\d{2}-\d{2}\.json$/);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(data);
  });

  it("asks for another user's report from the staff endpoint", async () => {
    const app = startSignedIn(`/profile/gdpr-report/${OTHER_USER}`, {
      me: meResponse({}, { roles: ['yitBusinessAdmin'] }),
      routes: {
        [`GET /api/identity/admin/users/${OTHER_USER}/gdpr-report`]: json(
          report({ profile: { ...report().profile, id: OTHER_USER, firstName: 'Timo' } }),
        ),
      },
    });
    expect(await screen.findByText('Timo')).toBeTruthy();
    expect(app.calls()).not.toContain('GET /api/identity/me/gdpr-report');
    // Someone else's report speaks of the user, not of the reader.
    expect(
      within(screen.getByRole('region', { name: 'Signatures' })).getByText(
        'Porta holds no data of this kind about this user.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Porta holds no data of this kind about you.')).toBeNull();
  });

  it('with its own id uses the own report', async () => {
    const app = startSignedIn(`/profile/gdpr-report/${IDS.user}`, {
      routes: { 'GET /api/identity/me/gdpr-report': json(report()) },
    });
    expect(await screen.findByText('CRM-42')).toBeTruthy();
    expect(app.calls()).toContain('GET /api/identity/me/gdpr-report');
  });

  it('says when the report cannot be loaded and tries again on request', async () => {
    const app = startSignedIn('/profile/gdpr-report', {
      routes: {
        'GET /api/identity/me/gdpr-report': [
          problem(500, 'INTERNAL', 'Something went wrong'),
          json(report()),
        ],
      },
    });
    expect(await screen.findByText('User information could not be loaded. Please refresh.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('CRM-42')).toBeTruthy();
  });
});
