import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { CALENDAR_DEFAULTS, CalendarInputs, calendarBody } from './CalendarInputs';

/** /admin/calendar/create (03 §2 /admin/calendar/new); saving opens its "created" page. */
export default function CalendarCreate() {
  return (
    <Create
      transform={calendarBody}
      redirect={(resource: string | undefined, id: unknown) =>
        `${resource ?? 'calendar'}/created/${String(id)}`
      }
    >
      <SimpleForm defaultValues={CALENDAR_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <CalendarInputs creating />
      </SimpleForm>
    </Create>
  );
}
