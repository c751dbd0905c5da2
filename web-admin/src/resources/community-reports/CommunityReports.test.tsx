import type { AdminReportDetail } from '@porta/contracts';
import { SessionClient } from '@porta/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
  problem,
  tokens,
} from '../../testing/fetch-mock';
import { renderAppAt } from '../../testing/render-app';

let session: SessionClient;

const REPORTS = '/api/community/admin/reports';
const linden = housingCompany(1, { name: 'Linden Court' });
const COMMENT_ID = '0195f0a0-0000-7000-8000-0000000000c1';
const DISCUSSION_ID = '0195f0a0-0000-7000-8000-0000000000d1';
const WRITER_ID = '0195f0a0-0000-7000-8000-0000000000a1';

function report(n: number, overrides: Partial<AdminReportDetail> = {}): AdminReportDetail {
  return {
    id: `0195f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    createdAt: '2026-11-20T08:15:00.000Z',
    housingCompanyId: linden.id,
    hcExt: linden.hcExt,
    housingCompanyName: 'Linden Court',
    targetObject: COMMENT_ID,
    targetType: 'comment',
    targetHref: `/community/public-discussions/${DISCUSSION_ID}?_hc=${linden.hcExt}`,
    reportType: 'racist_or_discriminatory_content',
    description: 'Insulting words',
    reporterId: '0195f0a0-0000-7000-8000-0000000000b1',
    reporterFirstName: 'Olga',
    target: {
      kind: 'comment',
      id: COMMENT_ID,
      discussionId: DISCUSSION_ID,
      text: 'You people are all idiots',
      authorId: WRITER_ID,
      authorFirstName: 'Timo',
      createdAt: '2026-11-20T08:00:00.000Z',
      isDeleted: false,
      url: `/community/public-discussions/${DISCUSSION_ID}#comment-${COMMENT_ID}`,
    },
    ...overrides,
  };
}

function api(me: ReturnType<typeof meOf>, one: AdminReportDetail = report(1)) {
  let current = one;
  const calls = mockFetch({
    'GET /api/identity/me': () => json(me),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [linden]),
    [`GET /api/identity/admin/housing-companies/${linden.id}`]: () => json(linden),
    [`GET ${REPORTS}`]: () => {
      const { target: _target, ...row } = current;
      return listOf('reports', [row]);
    },
    [`GET ${REPORTS}/${one.id}`]: () => json(current),
    [`DELETE /api/community/comments/${COMMENT_ID}`]: () => {
      current = { ...current, target: current.target && { ...current.target, isDeleted: true, text: '' } };
      return json({ id: COMMENT_ID });
    },
    [`POST /api/identity/admin/users/${WRITER_ID}/bans`]: (request) =>
      json({ id: 'b1', ...(request.body as object) }, 201),
  });
  return calls;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  session = new SessionClient('', window.localStorage);
  session.accept(tokens(1));
});

describe('community moderation (/admin/community-reports)', () => {
  it("lists a housing company moderator's reports in words and filters them by type", async () => {
    const calls = api(meOf([], {}, [myHousingCompany(1, ['propertyManager'])]));
    renderAppAt('/admin/community-reports', session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Racist or discriminatory content')).toBeTruthy();
    expect(within(row).getByText('Comment')).toBeTruthy();
    expect(within(row).getByText('Olga')).toBeTruthy();
    expect(within(row).getByText('Linden Court')).toBeTruthy();

    await user.click(screen.getByLabelText('Type'));
    await user.click(await screen.findByRole('option', { name: 'Other reason' }));
    await waitFor(() =>
      expect(JSON.parse(calls.to(`GET ${REPORTS}`).at(-1)!.query.get('filter')!)).toEqual({
        reportType: 'other_reason',
      }),
    );
  });

  it('shows the reported comment; the moderator deletes it after confirming', async () => {
    const one = report(1);
    const calls = api(meOf([], {}, [myHousingCompany(1, ['boardMember'])]), one);
    renderAppAt(`/admin/community-reports/${one.id}/show`, session);
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Reported comment' });
    expect(within(card).getByText('You people are all idiots')).toBeTruthy();
    expect(within(card).getByText(/Written by Timo/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open in the portal' }).getAttribute('href')).toBe(
      one.target!.url,
    );
    // Banning is business admin's: a board member is not offered it.
    expect(within(card).queryByRole('button', { name: 'Ban the writer' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/written by Timo is removed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.to(`DELETE /api/community/comments/${COMMENT_ID}`)).toHaveLength(1));
    expect(await screen.findByText('Comment deleted')).toBeTruthy();
    expect(await within(card).findByText('Deleted')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Delete comment' })).toBeNull();
  });

  it('lets business admin ban the writer in the housing company until the end of a day', async () => {
    const one = report(1);
    const calls = api(meOf(['yitBusinessAdmin']), one);
    renderAppAt(`/admin/community-reports/${one.id}/show`, session);
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Reported comment' });
    await user.click(within(card).getByRole('button', { name: 'Ban the writer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/ends at the end of the day \d\d\.\d\d\.\d{4}/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(calls.to(`POST /api/identity/admin/users/${WRITER_ID}/bans`)).toHaveLength(1));
    expect(calls.to(`POST /api/identity/admin/users/${WRITER_ID}/bans`)[0]!.body).toMatchObject({
      housingCompanyId: linden.id,
      expiryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('says so when the reported item is not found, and keeps residents out of the list', async () => {
    const one = report(2, { targetType: 'message', target: null });
    api(meOf(['yitUser']), one);
    renderAppAt(`/admin/community-reports/${one.id}/show`, session);
    expect(await screen.findByText(/was not found in this housing company/)).toBeTruthy();
  });

  it('is not in the menu of staff who moderate nothing', async () => {
    mockFetch({
      'GET /api/identity/me': () => json(meOf([], {}, [myHousingCompany(1, ['maintenanceManager'])])),
      [`GET ${REPORTS}`]: () => problem(403, 'FORBIDDEN', 'Forbidden'),
    });
    renderAppAt('/admin', session);
    await screen.findByText(/Welcome/);
    expect(screen.queryByText('Violation reports')).toBeNull();
  });
});
