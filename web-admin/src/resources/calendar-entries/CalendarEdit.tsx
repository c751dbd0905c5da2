import { zAdminCalendarEntryResponse } from '@porta/contracts';
import { Edit, SimpleForm } from 'react-admin';
import { useBroadAudienceSave } from '../../content/BroadAudienceDialog';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { CalendarInputs, calendarBody } from './CalendarInputs';

/**
 * /admin/calendar/:id (03 §2 /admin/calendar/edit/{id}). Publishing to many housing companies asks
 * for the broad-audience confirmation first (03 §4).
 */
export default function CalendarEdit() {
  const { mutationOptions, dialog } = useBroadAudienceSave('edit', 'list');
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        transform={calendarBody}
        redirect="list"
        mutationOptions={mutationOptions}
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
      {dialog}
    </>
  );
}
