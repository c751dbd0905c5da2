import { ADMIN_CALENDAR_DEFAULT } from '@porta/contracts';
import { SelectField, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { EditorialList } from '../../content/editorial';
import { AuthorField, StatusField } from '../../content/fields';
import { CALENDAR_TYPE_CHOICES } from './fields';

/** /admin/calendar (03 §2, §9: 10 a page, latest start first): events, tasks and deadlines. */
export default function CalendarList() {
  return (
    <EditorialList
      type={{ source: 'type', choices: CALENDAR_TYPE_CHOICES }}
      sort={{ field: 'startAt', order: 'DESC' }}
      perPage={ADMIN_CALENDAR_DEFAULT}
    >
      <TextField source="title" />
      <SelectField source="shownType" choices={CALENDAR_TYPE_CHOICES} sortBy="type" />
      <DateTimeField source="startAt" />
      <DateTimeField source="endAt" emptyText="porta.common.none" />
      <StatusField source="status" />
      <AuthorField source="author" sortable={false} />
    </EditorialList>
  );
}
