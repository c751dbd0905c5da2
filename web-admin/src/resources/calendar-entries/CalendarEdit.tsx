import { zAdminCalendarEntryResponse } from '@porta/contracts';
import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { CalendarInputs, calendarBody } from './CalendarInputs';

/** /admin/calendar/:id (03 §2 /admin/calendar/edit/{id}). */
export default function CalendarEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={calendarBody}
      redirect="list"
      actions={
        <ContentEditActions
          preview
          publication={{ resource: 'calendar', schema: zAdminCalendarEntryResponse }}
        />
      }
    >
      <EditableOnly>
        <SimpleForm toolbar={<ContentFormToolbar />}>
          <CalendarInputs creating={false} />
        </SimpleForm>
      </EditableOnly>
    </Edit>
  );
}
