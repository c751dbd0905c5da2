import EventIcon from '@mui/icons-material/Event';
import type { AdminCalendarEntryResponse } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';
import { contentRoutes } from '../../content/routes';

const CalendarList = lazy(() => import('./CalendarList'));
const CalendarShow = lazy(() => import('./CalendarShow'));
const CalendarCreate = lazy(() => import('./CalendarCreate'));
const CalendarEdit = lazy(() => import('./CalendarEdit'));

/**
 * The `calendar` resource (03 §2 /admin/calendar: list, new, edit/{id}, created/{id},
 * preview/{id}), kept by the content service as /api/content/admin/calendar-entries.
 */
export default function calendar(can: Capabilities) {
  return {
    list: CalendarList,
    show: CalendarShow,
    ...(can.editorialWrite ? { create: CalendarCreate, edit: CalendarEdit } : {}),
    icon: EventIcon,
    recordRepresentation: (entry: AdminCalendarEntryResponse) => entry.title,
    children: contentRoutes('calendar', {
      canWrite: (c) => c.editorialWrite,
      preview: 'calendar',
      writable: can.editorialWrite,
    }),
  };
}
