import { zTimelineQuery, zTimelineResponse } from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import type { ContentContext } from '../context.js';
import { readerKey } from '../domain/kept-reads.js';
import { readerFor } from '../domain/reader.js';
import { timelinePage } from '../domain/timeline.js';
import { CONTENT_POLICIES } from '../policies.js';

/** The resident timeline (02 §2–§4): news, calendar and lifecycle steps in one dated list. */
export async function timelineRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/timeline',
    {
      schema: {
        summary:
          'The timeline around today, or the next page later or earlier than a cursor, in month sections',
        querystring: zTimelineQuery,
        response: { 200: zTimelineResponse },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const { housingCompanyId, lang, types, direction, cursor } = request.query;
      const reader = await readerFor(ctx, principalOf(request), { housingCompanyId, lang });
      return ctx.reads.get(['timeline', ...readerKey(reader), types, direction, cursor], () =>
        timelinePage(ctx, reader, { types, direction, cursor }),
      );
    },
  );
}
