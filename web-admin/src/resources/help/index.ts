import LiveHelpIcon from '@mui/icons-material/LiveHelp';
import type { AdminFaq } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const FaqList = lazy(() => import('./FaqList'));
const FaqShow = lazy(() => import('./FaqShow'));
const FaqCreate = lazy(() => import('./FaqCreate'));
const FaqEdit = lazy(() => import('./FaqEdit'));

/** The help section's pages for every staff user (03 §2 /admin/help, /help/faq/{id}, /help/update/{id}). */
export const HelpSection = lazy(() => import('./HelpSection').then((m) => ({ default: m.HelpSection })));
export const HelpEntry = lazy(() => import('./HelpSection').then((m) => ({ default: m.HelpEntry })));
export const HelpUpdate = lazy(() => import('./HelpSection').then((m) => ({ default: m.HelpUpdate })));

/** The `faqs` resource: residents' FAQ and staff help entries (kind filter); site editors write. */
export default function faqs(can: Capabilities) {
  return {
    list: FaqList,
    show: FaqShow,
    ...(can.siteContentWrite ? { create: FaqCreate, edit: FaqEdit } : {}),
    icon: LiveHelpIcon,
    recordRepresentation: (faq: AdminFaq) => faq.title,
  };
}
