import {
  zCreateFolderBody,
  zFolder,
  zFolderIdParam,
  zFolderList,
  zFolderListQuery,
  zFolderRulesBody,
  zHousingCompanyParam,
  zUpdateFolderBody,
} from '@porta/contracts';
import { type App, principalOf } from '@porta/service-kit';
import { z } from 'zod';
import type { DocumentsContext } from '../context.js';
import { enterFolder, enterHousingCompany, loadTree } from '../domain/access.js';
import {
  createFolder,
  deleteFolder,
  folderAnswer,
  listFolders,
  setFolderRules,
  updateFolder,
} from '../domain/folders.js';
import { DOCUMENT_POLICIES } from '../policies.js';

const zLangQuery = zFolderListQuery.pick({ lang: true });

/**
 * The folder trees (02 §2 /documents, /my-apartment/documents; 03 §2 /admin/documents): listed with
 * the caller's rights; made, renamed, moved, re-ruled and deleted by the housing company's
 * document managers (others: 403 when they may read the folder, 404 when not).
 */
export async function folderRoutes(app: App, ctx: DocumentsContext) {
  app.get(
    '/housing-companies/:housingCompanyId/folders',
    {
      schema: {
        summary: 'The folders of the housing company, or of one of its apartments, the caller may read',
        params: zHousingCompanyParam,
        querystring: zFolderListQuery,
        response: { 200: zFolderList },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        request.query.lang,
      );
      const tree = await loadTree(ctx, entry, request.query.apartmentId ?? null);
      return listFolders(ctx, tree);
    },
  );

  app.post(
    '/housing-companies/:housingCompanyId/folders',
    {
      schema: {
        summary: 'Make a folder (document managers)',
        params: zHousingCompanyParam,
        querystring: zLangQuery,
        body: zCreateFolderBody,
        response: { 201: zFolder },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const entry = await enterHousingCompany(
        ctx,
        principalOf(request),
        request.params.housingCompanyId,
        request.query.lang,
      );
      const tree = await loadTree(ctx, entry, request.body.apartmentId ?? null);
      const row = await createFolder(ctx, tree, request.body);
      return reply.status(201).send(await folderAnswer(ctx, entry, tree.apartmentId, row.id));
    },
  );

  app.patch(
    '/folders/:id',
    {
      schema: {
        summary: 'Rename, hide or show, or move a folder (document managers)',
        params: zFolderIdParam,
        querystring: zLangQuery,
        body: zUpdateFolderBody,
        response: { 200: zFolder },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const { entry, tree, folder } = await enterFolder(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      await updateFolder(ctx, tree, folder, request.body);
      return folderAnswer(ctx, entry, tree.apartmentId, folder.id);
    },
  );

  app.put(
    '/folders/:id/rules',
    {
      schema: {
        summary: 'Set the permission rules of a folder, and of those below it (document managers)',
        params: zFolderIdParam,
        querystring: zLangQuery,
        body: zFolderRulesBody,
        response: { 200: zFolder },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request) => {
      const { entry, tree, folder } = await enterFolder(
        ctx,
        principalOf(request),
        request.params.id,
        request.query.lang,
      );
      await setFolderRules(ctx, tree, folder, request.body);
      return folderAnswer(ctx, entry, tree.apartmentId, folder.id);
    },
  );

  app.delete(
    '/folders/:id',
    {
      schema: {
        summary: 'Delete an empty folder staff made (document managers)',
        params: zFolderIdParam,
        response: { 204: z.null() },
      },
      config: { policy: DOCUMENT_POLICIES.signedIn },
    },
    async (request, reply) => {
      const { tree, folder } = await enterFolder(ctx, principalOf(request), request.params.id, undefined);
      await deleteFolder(ctx, tree, folder);
      return reply.status(204).send(null);
    },
  );
}
