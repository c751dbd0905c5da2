import ArticleIcon from '@mui/icons-material/Article';
import type { AdminArticleResponse } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';
import { contentRoutes } from '../../content/routes';

const ArticleList = lazy(() => import('./ArticleList'));
const ArticleShow = lazy(() => import('./ArticleShow'));
const ArticleCreate = lazy(() => import('./ArticleCreate'));
const ArticleEdit = lazy(() => import('./ArticleEdit'));

/**
 * The `news` resource (03 §2 /admin/news: list, new, edit/{id}, created/{id}, preview/{id}), kept by
 * the content service as /api/content/admin/articles. Readers get the list, read views and previews;
 * writers also create and edit (each item's canEdit decides which).
 */
export default function news(can: Capabilities) {
  return {
    list: ArticleList,
    show: ArticleShow,
    ...(can.editorialWrite ? { create: ArticleCreate, edit: ArticleEdit } : {}),
    icon: ArticleIcon,
    recordRepresentation: (article: AdminArticleResponse) => article.title,
    children: contentRoutes('news', {
      canWrite: (c) => c.editorialWrite,
      preview: 'news',
      writable: can.editorialWrite,
    }),
  };
}
