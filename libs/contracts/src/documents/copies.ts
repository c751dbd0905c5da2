import { z } from 'zod';
import { zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { PROJECT_FOLDER_KEYS, zHomeFolderCategory } from './folders.js';

/**
 * An article's attachments copied to documents (03 §3 Article "attachments copied to documents",
 * §5 "Copying attachments needs a target folder", §9 at most 5 housing companies; ADR 0030): staff
 * choose the housing companies and the standard folder, by its key, that each of them gets the
 * files in. The documents service asks content for the files over request/reply
 * (CONTENT_ARTICLE_ATTACHMENTS_RPC) and stores each company's copy as an upload of its own.
 */
export const ATTACHMENT_COPY_COMPANIES_MAX = 5;

export const zAttachmentCopyBody = z.strictObject({
  articleId: zUuid,
  housingCompanyIds: z
    .array(zUuid)
    .min(1, 'Choose at least one housing company.')
    .max(
      ATTACHMENT_COPY_COMPANIES_MAX,
      `Attachments are copied to at most ${ATTACHMENT_COPY_COMPANIES_MAX} housing companies at once.`,
    )
    .refine((ids) => new Set(ids).size === ids.length, 'A housing company is chosen twice.'),
  /** The target folder (required): the standard folder of this key in every chosen company. */
  folderKey: z.enum(PROJECT_FOLDER_KEYS, 'Copying attachments needs a target folder.'),
  /** Required when the target is the home folder (03 §5). */
  homeFolder: zHomeFolderCategory.optional(),
  /** Tell those who may read the folder, as an upload does (DOCUMENT_UPLOAD). */
  notifyUsers: z.boolean().default(false),
  lang: z.enum(LANGUAGES).optional(),
});
export type AttachmentCopyBody = z.infer<typeof zAttachmentCopyBody>;

export const zAttachmentCopyResponse = z.object({
  /** One per housing company, in the order asked: where the files went and their new ids. */
  copies: z.array(
    z.object({
      housingCompanyId: zUuid,
      folderId: zUuid,
      uploadBatchId: zUuid,
      documentIds: z.array(zUuid),
    }),
  ),
});
export type AttachmentCopyResponse = z.infer<typeof zAttachmentCopyResponse>;
