import {
  LETTER_CSV_MAX_BYTES,
  zHousingCompanyLettersParam,
  zLetter,
  zLetterBody,
  zLetterIdParam,
  zLetterLangQuery,
  zLetterListQuery,
  zLetterPage,
  zLetterRecipient,
  zLetterRecipientBody,
  zLetterRecipientImportResult,
  zLetterRecipientListQuery,
  zLetterRecipientPage,
  zLetterRecipientParams,
} from '@porta/contracts';
import { type App, AppError, principalOf } from '@porta/service-kit';
import type { LettersContext } from '../context.js';
import { assertDraft, enterHousingCompany, enterLetter } from '../domain/access.js';
import {
  copyLetter,
  createLetter,
  deleteLetter,
  letterOf,
  listLetters,
  updateLetter,
} from '../domain/letters.js';
import { addRecipient, importRecipients, listRecipients, removeRecipient } from '../domain/recipients.js';
import { LETTER_POLICIES } from '../policies.js';

/** A CSV file a little over the limit still reaches the handler, which says so in its own words. */
const CSV_BODY_LIMIT = LETTER_CSV_MAX_BYTES + 64 * 1024;

/**
 * E-mail letters (03 §2 /admin/email-letters, §3 "Email letter", §4, §5): a housing company's
 * letters, a letter's draft and its copy, and the recipients named on it, one by one or from CSV.
 */
export async function letterRoutes(app: App, ctx: LettersContext) {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const writers = { policy: LETTER_POLICIES.writers };

  app.get(
    '/housing-companies/:housingCompanyId/letters',
    {
      schema: {
        summary: "The housing company's letters, the last changed first",
        params: zHousingCompanyLettersParam,
        querystring: zLetterListQuery,
        response: { 200: zLetterPage },
      },
      config: writers,
    },
    async (request) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        request.query.lang,
      );
      return listLetters(ctx, entry, request.query);
    },
  );

  app.post(
    '/housing-companies/:housingCompanyId/letters',
    {
      schema: {
        summary: 'A new draft letter',
        params: zHousingCompanyLettersParam,
        querystring: zLetterLangQuery,
        body: zLetterBody,
        response: { 201: zLetter },
      },
      config: writers,
    },
    async (request, reply) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        request.query.lang,
      );
      return reply.status(201).send(letterOf(await createLetter(ctx, entry, request.body)));
    },
  );

  app.get(
    '/letters/:id',
    {
      schema: {
        summary: 'A letter',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 200: zLetter },
      },
      config: writers,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      return letterOf(row);
    },
  );

  app.put(
    '/letters/:id',
    {
      schema: {
        summary: "A draft's fields (a sent letter is read-only: 409)",
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        body: zLetterBody,
        response: { 200: zLetter },
      },
      config: writers,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      return letterOf(await updateLetter(ctx, row, request.body));
    },
  );

  app.delete(
    '/letters/:id',
    {
      schema: {
        summary: 'Delete a draft with its recipients (a sent letter is kept: 409)',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
      },
      config: writers,
    },
    async (request, reply) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      await deleteLetter(ctx, row);
      return reply.status(204).send();
    },
  );

  app.post(
    '/letters/:id/copies',
    {
      schema: {
        summary: 'A new draft with the fields and named recipients of the letter',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 201: zLetter },
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
      return reply.status(201).send(letterOf(await copyLetter(ctx, entry, row)));
    },
  );

  app.get(
    '/letters/:id/recipients',
    {
      schema: {
        summary: 'The recipients named on the letter, in the order they were added',
        params: zLetterIdParam,
        querystring: zLetterRecipientListQuery,
        response: { 200: zLetterRecipientPage },
      },
      config: writers,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      return listRecipients(ctx, row, request.query);
    },
  );

  app.post(
    '/letters/:id/recipients',
    {
      schema: {
        summary: 'Name a recipient on a draft (an address already on it: 409)',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        body: zLetterRecipientBody,
        response: { 201: zLetterRecipient },
      },
      config: writers,
    },
    async (request, reply) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      return reply.status(201).send(await addRecipient(ctx, row, request.body));
    },
  );

  app.delete(
    '/letters/:id/recipients/:recipientId',
    {
      schema: {
        summary: 'Remove a named recipient from a draft',
        params: zLetterRecipientParams,
        querystring: zLetterLangQuery,
      },
      config: writers,
    },
    async (request, reply) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      await removeRecipient(ctx, row, request.params.recipientId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/letters/:id/recipients/csv',
    {
      schema: {
        summary:
          'Add the rows of a CSV file (text/csv body: comma-separated UTF-8, name and e-mail columns by their headers)',
        params: zLetterIdParam,
        querystring: zLetterLangQuery,
        response: { 200: zLetterRecipientImportResult },
      },
      config: writers,
      bodyLimit: CSV_BODY_LIMIT,
    },
    async (request) => {
      const { row } = await enterLetter(ctx, principalOf(request), request.params.id, request.query.lang);
      assertDraft(row);
      if (!Buffer.isBuffer(request.body)) throw new AppError('LETTER_CSV_INVALID');
      return importRecipients(ctx, row, request.body);
    },
  );
}
