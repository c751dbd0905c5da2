import { zIsoDateTime } from '@porta/contracts';
import type { App } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { ShiftableClock } from '../domain/clock.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * Test-only: move the content service's clock (CLOCK_CONTROL=true, allowed only with
 * NODE_ENV=test). Browser tests use it to show scheduled items appearing without waiting.
 */
export async function testingRoutes(app: App, ctx: ContentContext) {
  if (!ctx.config.CLOCK_CONTROL || ctx.config.NODE_ENV !== 'test' || !(ctx.clock instanceof ShiftableClock))
    return;
  const clock = ctx.clock;
  app.post(
    '/testing/clock',
    {
      schema: {
        hide: true,
        body: z.object({ now: zIsoDateTime.nullable() }),
        response: { 200: z.object({ now: zIsoDateTime }) },
      },
      config: { policy: CONTENT_POLICIES.public('test clock, only with CLOCK_CONTROL in tests') },
    },
    async (request) => {
      if (request.body.now) clock.set(new Date(request.body.now));
      else clock.reset();
      return { now: clock.now().toISOString() };
    },
  );
}
