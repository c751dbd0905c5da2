import { z } from 'zod';
import { zUuid } from '../common.js';
import { zRole } from '../roles.js';
import { zContentLanguage } from './common.js';

/**
 * content answers over request/reply (`rpc.content.article.get.v1`) whether a reader may read a
 * news article in a housing company, for services that hang things on an article (community's
 * comments on a reference, ADR 0017): the article must be published, in its window, targeted at the
 * housing company (its taxonomy included) and at one of the reader's roles, as GET /news/:id
 * decides. The caller has already checked that the reader belongs to the housing company (or is the
 * developer's staff); content checks the article. An article the reader may not read answers null.
 */
export const CONTENT_ARTICLE_RPC = 'rpc.content.article.get.v1';

export const zArticleReadRequest = z.object({
  articleId: zUuid,
  housingCompanyId: zUuid,
  /** The reader's roles, global and in the housing company (aliases applied). */
  roles: z.array(zRole),
});
export type ArticleReadRequest = z.infer<typeof zArticleReadRequest>;

export const zArticleReadResponse = z.object({
  article: z
    .object({
      id: zUuid,
      codename: z.string(),
      /** The title in each language it is written in. */
      titles: z.partialRecord(zContentLanguage, z.string()),
      defaultLanguage: zContentLanguage,
      /** Where the resident app shows it (`/news/<codename>`). */
      url: z.string(),
    })
    .nullable(),
});
export type ArticleReadResponse = z.infer<typeof zArticleReadResponse>;
