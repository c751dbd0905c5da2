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
    state: 'open',
    handledAt: null,
    handledBy: null,
    handledByFirstName: null,
    handledHow: null,
    target: {
      kind: 'comment',
      id: COMMENT_ID,
      discussionId: DISCUSSION_ID,
      discussionTitle: 'Parking',
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
      // The service handles the report with the deletion.
      current = {
        ...current,
        state: 'handled',
        handledAt: '2026-11-21T09:00:00.000Z',
        handledBy: me.user.id,
        handledByFirstName: me.user.firstName,
        handledHow: 'deleted',
        target: current.target && { ...current.target, isDeleted: true, text: '' },
      };
      return json({ id: COMMENT_ID });
    },
    [`POST ${REPORTS}/${one.id}/handled`]: () => {
      current = {
        ...current,
        state: 'handled',
        handledAt: '2026-11-21T09:00:00.000Z',
        handledBy: me.user.id,
        handledByFirstName: me.user.firstName,
        handledHow: 'marked',
      };
      return json(current);
    },
    [`POST ${REPORTS}/${one.id}/reopen`]: () => {
      current = {
        ...current,
        state: 'open',
        handledAt: null,
        handledBy: null,
        handledByFirstName: null,
        handledHow: null,
      };
      return json(current);
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
        state: 'open',
        reportType: 'other_reason',
      }),
    );
  });

  it('lists open reports first, with their state, and shows handled ones on request', async () => {
    const calls = api(meOf(['yitUser']));
    renderAppAt('/admin/community-reports', session);
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    expect(JSON.parse(calls.to(`GET ${REPORTS}`)[0]!.query.get('filter')!)).toEqual({ state: 'open' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Open')).toBeTruthy();

    await user.click(screen.getByLabelText('State'));
    await user.click(await screen.findByRole('option', { name: 'Handled' }));
    await waitFor(() =>
      expect(JSON.parse(calls.to(`GET ${REPORTS}`).at(-1)!.query.get('filter')!)).toEqual({
        state: 'handled',
      }),
    );
  });

  it('names what was reported in the title; a moderator marks the report handled and reopens it', async () => {
    const one = report(1);
    const calls = api(meOf([], { firstName: 'Maria' }, [myHousingCompany(1, ['propertyManager'])]), one);
    renderAppAt(`/admin/community-reports/${one.id}/show`, session);
    const user = userEvent.setup();

    expect(await screen.findByText('Report on a comment by Timo in “Parking”')).toBeTruthy();
    const state = await screen.findByRole('region', { name: 'State' });
    expect(within(state).getByText('Open')).toBeTruthy();
    await user.click(within(state).getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(calls.to(`POST ${REPORTS}/${one.id}/handled`)).toHaveLength(1));
    expect(await screen.findByText('Report marked as handled')).toBeTruthy();
    expect(await within(state).findByText(/Marked as handled by Maria, 21\.11\.2026/)).toBeTruthy();
    expect(within(state).getByText('Handled')).toBeTruthy();

    await user.click(within(state).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(calls.to(`POST ${REPORTS}/${one.id}/reopen`)).toHaveLength(1));
    expect(await within(state).findByRole('button', { name: 'Mark as handled' })).toBeTruthy();
  });

  it('titles a report on a discussion, on a news comment, and one whose item is unknown', async () => {
    const discussion = report(3, {
      targetType: 'discussion',
      target: {
        kind: 'discussion',
        id: DISCUSSION_ID,
        discussionId: DISCUSSION_ID,
        discussionTitle: 'Parking',
        text: 'Parking — Who parks here?',
        authorId: WRITER_ID,
        authorFirstName: 'Timo',
        createdAt: '2026-11-20T08:00:00.000Z',
        isDeleted: false,
        url: `/community/public-discussions/${DISCUSSION_ID}`,
      },
    });
    api(meOf(['yitUser']), discussion);
    const { unmount } = renderAppAt(`/admin/community-reports/${discussion.id}/show`, session);
    expect(await screen.findByText('Report on the discussion “Parking” by Timo')).toBeTruthy();
    unmount();

    const news = report(4, { target: { ...report(4).target!, discussionId: null, discussionTitle: null } });
    api(meOf(['yitUser']), news);
    const second = renderAppAt(`/admin/community-reports/${news.id}/show`, session);
    expect(await screen.findByText('Report on a comment by Timo on a news article')).toBeTruthy();
    second.unmount();

    const unknown = report(5, { targetType: 'message', target: null, reportType: 'other_reason' });
    api(meOf(['yitUser']), unknown);
    renderAppAt(`/admin/community-reports/${unknown.id}/show`, session);
    expect(await screen.findByText(/^Other reason, reported 20\.11\.2026/)).toBeTruthy();
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
    // Deleting the comment handled the report.
    const state = await screen.findByRole('region', { name: 'State' });
    expect(await within(state).findByText(/The reported item was deleted by Anna/)).toBeTruthy();
    expect(within(state).getByRole('button', { name: 'Reopen' })).toBeTruthy();
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
