import { SessionClient } from '@porta/web-kit';
import { describe, expect, it } from 'vitest';
import { queryString } from '../../../shared/utils/http';
import { json, mockFetch } from '../../../testing/fetch-mock';
import { IDS, storeSession } from '../../../testing/fixtures';
import { calendarList, timelinePage } from '../testing/content-fixtures';
import { createNewsApi } from './news.api';

const noContent = () => new Response(null, { status: 204 });

function api() {
  storeSession();
  return createNewsApi(new SessionClient('', localStorage));
}

describe('news api', () => {
  it('leaves out empty query values', () => {
    expect(queryString({ a: 'x y', b: undefined, c: null, d: '', e: 0 })).toBe('?a=x+y&e=0');
    expect(queryString({})).toBe('');
  });

  it('asks the calendar for types as a comma list and pages the timeline with its cursor', async () => {
    const mock = mockFetch({
      'GET /api/content/calendar': json(calendarList([])),
      'GET /api/content/timeline': json(timelinePage([], { direction: 'later' })),
    });
    const client = api();
    await client.listCalendar({ housingCompanyId: IDS.demoHc, types: ['task', 'deadline'], limit: 4 });
    await client.getTimeline({
      housingCompanyId: IDS.demoHc,
      lang: 'fi',
      types: 'task,deadline',
      page: { direction: 'later', cursor: 'abc_-1' },
    });
    expect(mock.calls()).toEqual([
      `GET /api/content/calendar?housingCompanyId=${IDS.demoHc}&limit=4&type=task%2Cdeadline`,
      `GET /api/content/timeline?housingCompanyId=${IDS.demoHc}&lang=fi&types=task%2Cdeadline&direction=later&cursor=abc_-1`,
    ]);
    expect(mock.requests.every((r) => r.authorization === 'Bearer stored-access-token')).toBe(true);
  });

  it('sends the identity markers and only the module ids of quick links', async () => {
    const mock = mockFetch({
      'POST /api/identity/me/tasks/entry%201/status/true': noContent,
      'POST /api/identity/me/dialogs': noContent,
      'PUT /api/identity/me/quick-links': json({ projectId: IDS.demoHc, links: [], available: [] }),
    });
    const client = api();
    await client.setTaskDone('entry 1', true);
    await client.markDialogRead({ id: 'welcome-to-plus-dialog', projectId: IDS.demoHc });
    await client.saveQuickLinks({
      projectId: IDS.demoHc,
      links: [{ moduleId: 'community', href: '/x' } as { moduleId: 'community' }],
    });
    expect(mock.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/identity/me/tasks/entry%201/status/true', undefined],
      ['POST', '/api/identity/me/dialogs', { id: 'welcome-to-plus-dialog', projectId: IDS.demoHc }],
      ['PUT', '/api/identity/me/quick-links', { projectId: IDS.demoHc, links: [{ moduleId: 'community' }] }],
    ]);
  });
});
