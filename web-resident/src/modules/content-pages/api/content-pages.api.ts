import type { PublicPage, zPublicPage } from '@porta/contracts';
import { answer, fetchJson } from '@porta/web-kit';

/**
 * GET /api/content/pages?path=&lang= (public: no token needed, so it serves signed-out visitors
 * too). The answer is checked against its contract; a missing page is an ApiError with status 404.
 */
export async function fetchPublicPage(path: string, lang?: string): Promise<PublicPage> {
  const query = new URLSearchParams({ path });
  if (lang) query.set('lang', lang);
  return answer<typeof zPublicPage>(await fetchJson('GET', `/api/content/pages?${query}`));
}
