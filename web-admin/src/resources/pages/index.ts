import WebIcon from '@mui/icons-material/Web';
import type { AdminPage } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const PageList = lazy(() => import('./PageList'));
const PageShow = lazy(() => import('./PageShow'));
const PageCreate = lazy(() => import('./PageCreate'));
const PageEdit = lazy(() => import('./PageEdit'));

/** The `pages` resource: public content pages (01 §2); site editors write. */
export default function pages(can: Capabilities) {
  return {
    list: PageList,
    show: PageShow,
    ...(can.siteContentWrite ? { create: PageCreate, edit: PageEdit } : {}),
    icon: WebIcon,
    recordRepresentation: (page: AdminPage) => page.title,
  };
}
