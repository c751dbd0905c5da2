import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { housingCompanyDataKey } from '../../housing-company';
import type { ServerSentEvent } from '../api/live-stream';
import { applyLiveEvent } from './use-live-notifications';

const LINDEN = '11111111-1111-4111-8111-111111111111';
const BIRCH = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';

function notification(type: string, housingCompanyId: string | null): ServerSentEvent {
  return {
    type: 'notification',
    id: null,
    data: JSON.stringify({
      id: '44444444-4444-4444-8444-444444444444',
      title: 'A response to your service request',
      type,
      targetUrl: '/support/service-requests/55555555-5555-4555-8555-555555555555',
      isRead: false,
      housingCompanyId,
      apartmentId: null,
      createdAt: '2026-11-24T10:00:00.000Z',
    }),
  };
}

/** A client holding a service request of each company and Linden Court's news, all fresh. */
function cached() {
  const client = new QueryClient();
  const keys = {
    lindenRequest: housingCompanyDataKey(LINDEN, 'service-requests', 'detail', 'x'),
    birchRequest: housingCompanyDataKey(BIRCH, 'service-requests', 'detail', 'y'),
    lindenNews: housingCompanyDataKey(LINDEN, 'news'),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { any: 'data' });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, stale };
}

describe('a live notification', () => {
  it("marks its housing company's service requests stale when it is about one, nothing else", () => {
    const { client, stale } = cached();
    applyLiveEvent(client, USER, notification('service_request', LINDEN));
    expect(stale()).toEqual(['lindenRequest']);
  });

  it('leaves the data alone for other kinds of notification or none of a company', () => {
    const { client, stale } = cached();
    applyLiveEvent(client, USER, notification('public_discussion', LINDEN));
    applyLiveEvent(client, USER, notification('service_request', null));
    expect(stale()).toEqual([]);
  });
});
