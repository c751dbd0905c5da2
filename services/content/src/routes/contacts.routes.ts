import {
  zAdminContact,
  zAdminContactList,
  zAdminContactListQuery,
  zAdminContactWrite,
  zContactBook,
  zIdParam,
  zMainContactList,
  zResidentContentQuery,
} from '@porta/contracts';
import { type App, listPage, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { ContentContext } from '../context.js';
import { contacts } from '../db/schema.js';
import {
  adminContactWhere,
  contactInScope,
  contactOrder,
  contactScope,
  createContact,
  deleteContact,
  mainContacts,
  mayEditContact,
  residentContacts,
  toAdminContact,
  updateContact,
} from '../domain/contacts.js';
import { readerKey } from '../domain/kept-reads.js';
import { readerFor } from '../domain/reader.js';
import { CONTENT_POLICIES } from '../policies.js';

/**
 * The contact book and the footer's main contacts for residents; the staff CRUD under
 * /admin/contacts (yitUser read all; property managers the contacts of their housing companies,
 * editing those canEditItem allows).
 */
export async function contactRoutes(app: App, ctx: ContentContext) {
  app.get(
    '/contacts',
    {
      schema: {
        summary: 'The contact book: contact cards grouped by contact taxonomy group',
        querystring: zResidentContentQuery,
        response: { 200: zContactBook },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => residentContacts(ctx, await readerFor(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/contacts/main',
    {
      schema: {
        summary: "The footer's main contacts: partner key contacts, the default contact, primary contacts",
        querystring: zResidentContentQuery,
        response: { 200: zMainContactList },
      },
      config: { policy: CONTENT_POLICIES.residentRead },
    },
    async (request) => {
      const reader = await readerFor(ctx, principalOf(request), request.query);
      return ctx.reads.get(['main-contacts', ...readerKey(reader)], () => mainContacts(ctx, reader));
    },
  );

  app.get(
    '/admin/contacts',
    {
      schema: {
        summary: 'List contacts (yitUser all; property managers those of their housing companies)',
        querystring: zAdminContactListQuery,
        response: { 200: zAdminContactList },
      },
      config: { policy: CONTENT_POLICIES.contactsRead },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const { sort, range, filter } = request.query;
      const page = await listPage(ctx.db, contacts, 'contacts', {
        where: await adminContactWhere(ctx, contactScope(p), filter),
        orderBy: contactOrder(sort),
        range,
      });
      reply.header('content-range', page.contentRange);
      const now = ctx.clock.now();
      return page.rows.map((row) => toAdminContact(row, now, mayEditContact(p, row)));
    },
  );

  app.get(
    '/admin/contacts/:id',
    {
      schema: { summary: 'One contact (staff)', params: zIdParam, response: { 200: zAdminContact } },
      config: { policy: CONTENT_POLICIES.contactsRead },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await contactInScope(ctx, contactScope(p), request.params.id);
      return toAdminContact(row, ctx.clock.now(), mayEditContact(p, row));
    },
  );

  app.post(
    '/admin/contacts',
    {
      schema: { summary: 'Create a contact', body: zAdminContactWrite, response: { 201: zAdminContact } },
      config: { policy: CONTENT_POLICIES.contactsWrite },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const row = await createContact(ctx, p, request.body);
      return reply.status(201).send(toAdminContact(row, ctx.clock.now(), mayEditContact(p, row)));
    },
  );

  app.put(
    '/admin/contacts/:id',
    {
      schema: {
        summary: 'Replace a contact',
        params: zIdParam,
        body: zAdminContactWrite,
        response: { 200: zAdminContact },
      },
      config: { policy: CONTENT_POLICIES.contactsWrite },
    },
    async (request) => {
      const p = principalOf(request);
      const row = await contactInScope(ctx, contactScope(p), request.params.id);
      const updated = await updateContact(ctx, p, row, request.body);
      return toAdminContact(updated, ctx.clock.now(), mayEditContact(p, updated));
    },
  );

  app.delete(
    '/admin/contacts/:id',
    {
      schema: { summary: 'Delete a contact', params: zIdParam, response: { 204: z.null() } },
      config: { policy: CONTENT_POLICIES.contactsWrite },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const row = await contactInScope(ctx, contactScope(p), request.params.id);
      await deleteContact(ctx, p, row);
      return reply.status(204).send(null);
    },
  );
}
