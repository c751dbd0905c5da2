import {
  type ArticleReadResponse,
  CONTENT_ARTICLE_RPC,
  type Language,
  type ReferenceType,
  type Role,
  referenceUrl,
  zArticleReadResponse,
} from '@porta/contracts';
import { AppError, type Principal } from '@porta/service-kit';
import type { CommunityContext } from '../context.js';
import { readsCommunityOf } from '../policies.js';
import { type Viewer, viewerOf } from './access.js';

/**
 * Comments on a reference: something another service owns (01 §7 "fetch comments for a
 * reference"), today a news article of content. A reference's comments are kept per housing
 * company: the members of the company (and the developer's staff) read and write them, provided
 * content confirms that the caller may read the article in that company (asked on every request:
 * `rpc.content.article.get.v1`, GET /news/:id's rule). Anything else answers 404
 * COM_REFERENCE_NOT_FOUND, as for an article that does not exist. No community feature is needed:
 * news are always on (01 §6).
 */

export interface Reference {
  type: ReferenceType;
  id: string;
  housingCompanyId: string;
  /** The article's titles in its languages (the notice names it). */
  titles: Partial<Record<Language, string>>;
  defaultLanguage: Language;
  /** The resident app's address of it. */
  url: string;
}

/** The caller's roles in the housing company and globally, as content's reader has them. */
function rolesIn(p: Principal, housingCompanyId: string): Role[] {
  return [...new Set<Role>([...p.roles, ...(p.housingCompanies.get(housingCompanyId) ?? [])])];
}

async function askContent(ctx: CommunityContext, data: unknown): Promise<ArticleReadResponse> {
  let answer: unknown;
  try {
    answer = await ctx.bus.request(CONTENT_ARTICLE_RPC, data);
  } catch (cause) {
    throw new AppError('TEMPORARILY_UNAVAILABLE', { cause });
  }
  return zArticleReadResponse.parse(answer);
}

/**
 * The reference as the caller reads it in the housing company, with the caller as its viewer: a
 * member of the company or the developer's staff, and content lets them read the article there;
 * else 404 (notFound).
 */
export async function loadReference(
  ctx: CommunityContext,
  p: Principal,
  ref: { type: ReferenceType; id: string; housingCompanyId: string },
  notFound: 'COM_REFERENCE_NOT_FOUND' | 'COM_COMMENT_NOT_FOUND' = 'COM_REFERENCE_NOT_FOUND',
): Promise<{ reference: Reference; viewer: Viewer }> {
  if (!readsCommunityOf(p, ref.housingCompanyId)) throw new AppError(notFound);
  const { article } = await askContent(ctx, {
    articleId: ref.id,
    housingCompanyId: ref.housingCompanyId,
    roles: rolesIn(p, ref.housingCompanyId),
  });
  if (!article) throw new AppError(notFound);
  return {
    reference: {
      type: ref.type,
      id: article.id,
      housingCompanyId: ref.housingCompanyId,
      titles: article.titles,
      defaultLanguage: article.defaultLanguage,
      url: referenceUrl(ref.type, article.id),
    },
    viewer: viewerOf(p, ref.housingCompanyId),
  };
}
