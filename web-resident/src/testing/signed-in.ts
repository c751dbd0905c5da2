import type { MeResponse, UserFeaturesResponse } from '@porta/contracts';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, type RecordedRequest } from './fetch-mock';
import { features as defaultFeatures, meResponse, storeSession } from './fixtures';
import { type RenderAppOptions, renderApp } from './render-app';

type Routes = Parameters<typeof mockFetch>[0];

export interface SignedInOptions extends RenderAppOptions {
  me?: MeResponse;
  /** The features of every housing company, or per housing company id ('global' without one). */
  features?: UserFeaturesResponse | FeaturesByCompany;
  /** More answers (or replacements) for the fetch mock. */
  routes?: Routes;
}

type FeaturesByCompany = Record<string, UserFeaturesResponse>;

const isResponse = (value: UserFeaturesResponse | FeaturesByCompany): value is UserFeaturesResponse =>
  'features' in value && typeof value.features === 'object';

/** An empty bell: GET /api/notifications/inbox with nothing in it. */
export const emptyInbox = () => json({ notifications: [], unreadCount: 0, hasMore: false });

/**
 * A live stream (GET /api/notifications/stream) that sends `text` (by default only a heartbeat, so
 * that it changes nothing in the bell) and then stays open, as the service's does, until the app
 * closes it.
 */
export function openLiveStream(text = 'retry: 3000\n\n: ping\n\n'): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(text));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/**
 * The whole app opened at `path` by a signed-in user: a stored session, GET /me and GET /features
 * answered, an empty bell and a quiet live stream (plus `routes`), and a user-event instance.
 */
export function startSignedIn(path: string, options: SignedInOptions = {}) {
  const { me = meResponse(), features: given, routes = {}, ...renderOptions } = options;
  const features: UserFeaturesResponse | FeaturesByCompany = given ?? defaultFeatures;
  storeSession();
  const api = mockFetch({
    'GET /api/identity/me': json(me),
    'GET /api/identity/features': (request: RecordedRequest) => {
      if (isResponse(features)) return json(features);
      const id = new URL(request.path, 'http://localhost').searchParams.get('housingCompanyId') ?? 'global';
      return json((features as FeaturesByCompany)[id] ?? defaultFeatures);
    },
    'POST /api/identity/logout': () => new Response(null, { status: 204 }),
    'GET /api/notifications/inbox': emptyInbox,
    'GET /api/notifications/stream': () => openLiveStream(),
    ...routes,
  });
  const app = renderApp(path, renderOptions);
  return { ...api, ...app, user: userEvent.setup() };
}

/** Features answered with these ids on (news and calendar always). */
export function featuresOn(...ids: string[]): UserFeaturesResponse {
  return {
    features: Object.fromEntries(
      ['news', 'calendar', ...ids].map((id) => [id, { settings: {} }]),
    ) as UserFeaturesResponse['features'],
  };
}
