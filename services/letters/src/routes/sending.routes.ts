import {
  LETTER_BOUNCE_MAX_BYTES,
  zAudienceSummary,
  zBounceReceipt,
  zDeliveryListQuery,
  zDeliveryPage,
  zLetterIdParam,
  zLetterLangQuery,
  zLetterPreview,
  zLetterPreviewQuery,
  zRetrieveLogsResult,
  zSendProgress,
  zTestMailBody,
  zTestMailResult,
} from '@porta/contracts';
import { type App, AppError, bearerTokenMatches, policy, principalOf, sendCsv } from '@porta/service-kit';
import { z } from 'zod';
import type { LettersContext } from '../context.js';
import { enterLetter } from '../domain/access.js';
import { companyLanguage, resolveAudience } from '../domain/audience.js';
import { deliveriesCsv, listDeliveries } from '../domain/log.js';
import { keepReport, readBounce, retrieveReports } from '../domain/reports.js';
import { progressOf, sendLetter, summarise } from '../domain/sending.js';
import { previewLetter, sendTestMails } from '../domain/test-mails.js';
import { LETTER_POLICIES } from '../policies.js';

/**
 * A letter's way out (03 §4, §5): who it would go to, its preview per language, test mails, the
 * send (a job), its progress, and the log of every recipient with a CSV download.
 */
export async function sendingRoutes(app: App, ctx: LettersContext) {
  const writers = { policy: LETTER_POLICIES.writers };

  app.get(
    '/letters/:id/audience',
    {
      schema: {
        summary:
          'Who the letter would go to now: counts by source and language, the residents who turned e-mail off',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 200: zAudienceSummary },
      },
      config: writers,
    },
    async (request) => {
      const { entry, row } = await enterLetter(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      return summarise(
        await resolveAudience(ctx, entry.housingCompany, row),
        companyLanguage(entry.housingCompany),
      );
    },
  );

  app.get(
    '/letters/:id/preview',
    {
      schema: {
        summary: "The mail in one language (the company's by default): subject, HTML and plain text",
        params: zLetterIdParam,
        querystring: zLetterPreviewQuery,
        response: { 200: zLetterPreview },
      },
      config: writers,
    },
    async (request) => {
      const { entry, row } = await enterLetter(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      return previewLetter(ctx, entry, row, request.query.language);
    },
  );

  app.post(
    '/letters/:id/test-mails',
    {
      schema: {
        summary: 'Send the letter as it stands to test addresses (comma separated, each checked, at most 10)',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        body: zTestMailBody,
        response: { 200: zTestMailResult },
      },
      config: writers,
    },
    async (request) => {
      const { entry, row } = await enterLetter(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      return sendTestMails(ctx, entry, row, request.body);
    },
  );

  app.post(
    '/letters/:id/send',
    {
      schema: {
        summary: 'Send a draft: its recipients are frozen and a job sends it (a second send: 409)',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 202: zSendProgress },
      },
      config: writers,
    },
    async (request, reply) => {
      const { entry, row } = await enterLetter(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      return reply.status(202).send(await sendLetter(ctx, entry, row));
    },
  );

  app.get(
    '/letters/:id/progress',
    {
      schema: {
        summary: "How far the letter's send has come: its recipients by state",
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 200: zSendProgress },
      },
      config: writers,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      return progressOf(ctx, row.id);
    },
  );

  app.get(
    '/letters/:id/deliveries',
    {
      schema: {
        summary: "A page of the letter's log: each recipient's state, narrowed by state and words",
        params: zLetterIdParam,
        querystring: zDeliveryListQuery,
        response: { 200: zDeliveryPage },
      },
      config: writers,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      return listDeliveries(ctx, row.id, request.query);
    },
  );

  app.post(
    '/letters/:id/retrieve-logs',
    {
      schema: {
        summary:
          "Bring the letters' logs up to date from the mail provider's reports now (the job does it every 15 min)",
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 200: zRetrieveLogsResult },
      },
      config: writers,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      const changed = await retrieveReports(ctx, ctx.reports);
      return { changed, progress: await progressOf(ctx, row.id) };
    },
  );

  // A mail server's bounce (RFC 3464), posted by its bounce handler (e.g. a pipe to curl).
  for (const type of ['message/rfc822', 'message/delivery-status', 'multipart/report', 'text/plain']) {
    if (!app.hasContentTypeParser(type)) {
      app.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: LETTER_BOUNCE_MAX_BYTES },
        (_r, body, done) => done(null, body),
      );
    }
  }
  app.post(
    '/bounces',
    {
      schema: {
        summary:
          'A bounce from the mail server (the whole report as the body), matched to a sent mail by its Message-ID',
        response: { 202: zBounceReceipt },
      },
      config: {
        policy: policy.secret(
          'the mail server posts bounces with LETTERS_BOUNCE_TOKEN; unset, the route answers 404',
        ),
      },
      bodyLimit: LETTER_BOUNCE_MAX_BYTES,
    },
    async (request, reply) => {
      const token = ctx.config.LETTERS_BOUNCE_TOKEN;
      if (!token || !bearerTokenMatches(request, token)) return reply.callNotFound();
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const report = readBounce(raw);
      if (!report) throw new AppError('LETTER_BOUNCE_UNREADABLE');
      await keepReport(ctx, report);
      return reply.status(202).send({ messageId: report.messageId, outcome: report.outcome });
    },
  );

  app.get(
    '/letters/:id/deliveries.csv',
    {
      schema: {
        summary: "The letter's log as CSV (text/csv; the same filter; every matching recipient)",
        params: zLetterIdParam,
        querystring: zDeliveryListQuery.omit({ offset: true, limit: true }),
        response: { 200: z.string().describe('text/csv') },
      },
      config: writers,
    },
    async (request, reply) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      const csv = deliveriesCsv(ctx, row.id, request.query, (error) =>
        request.log.error({ err: error }, 'letter log export failed'),
      );
      return sendCsv(reply, 'letter-log', csv, new Date());
    },
  );
}
