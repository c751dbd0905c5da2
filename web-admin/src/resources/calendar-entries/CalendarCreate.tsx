import { Create, SimpleForm } from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentFormToolbar } from '../../content/kit';
import { CALENDAR_DEFAULTS, CalendarInputs, calendarBody } from './CalendarInputs';

const toCreated = (resource: string | undefined, id: unknown) =>
  `${resource ?? 'calendar'}/created/${String(id)}`;

/**
 * /admin/calendar/create (03 §2 /admin/calendar/new); saving opens its "created" page. Publishing
 * to many housing companies asks for the broad-audience confirmation first (03 §4).
 */
export default function CalendarCreate() {
  const { mutationOptions, dialog } = useBroadAudienceSave('create', toCreated);
  return (
    <>
      <Create transform={calendarBody} redirect={toCreated} mutationOptions={mutationOptions}>
        <SimpleForm defaultValues={CALENDAR_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
          <CalendarInputs creating />
        </SimpleForm>
      </Create>
      {dialog}
    </>
  );
}
