import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import type { AdminContact } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';
import { contentRoutes } from '../../content/routes';

const ContactList = lazy(() => import('./ContactList'));
const ContactShow = lazy(() => import('./ContactShow'));
const ContactCreate = lazy(() => import('./ContactCreate'));
const ContactEdit = lazy(() => import('./ContactEdit'));

/** The `contacts` resource (03 §2 /admin/contacts: list, new, edit/{id}, created/{id}). */
export default function contacts(can: Capabilities) {
  return {
    list: ContactList,
    show: ContactShow,
    ...(can.contactsWrite ? { create: ContactCreate, edit: ContactEdit } : {}),
    icon: ContactPhoneIcon,
    recordRepresentation: (contact: AdminContact) => contact.name,
    children: contentRoutes('contacts', {
      canWrite: (c) => c.contactsWrite,
      writable: can.contactsWrite,
      titleOf: (record) => String(record.name ?? ''),
    }),
  };
}
