import { zAdminCalendarEntryResponse } from '@porta/contracts';
import { SelectField, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { EditorialShow } from '../../content/editorial';
import {
  AssetsField,
  AuthorField,
  StatusField,
  TargetingField,
  TimeField,
  UserRolesField,
  VariantsField,
} from '../../content/fields';
import { CALENDAR_TEXTS, CALENDAR_TYPE_CHOICES } from './fields';

/** /admin/calendar/:id/show: a calendar entry read-only. */
export default function CalendarShow() {
  return (
    <EditorialShow resource="calendar" schema={zAdminCalendarEntryResponse}>
      <TextField source="title" />
      <StatusField source="status" />
      <SelectField source="shownType" choices={CALENDAR_TYPE_CHOICES} />
      <TextField source="codename" />
      <TimeField source="startAt" />
      <TimeField source="endAt" />
      <TextField source="location" emptyText="-" />
      <TextField source="documentLibraryLinkPath" emptyText="-" />
      <TextField source="documentLibraryLinkTitle" emptyText="-" />
      <TimeField source="publishAt" />
      <TimeField source="unpublishAt" />
      <TargetingField source="targeting" label="porta.content.sections.audience" />
      <UserRolesField source="userRoles" label="porta.content.user_roles" />
      <VariantsField source="variants" label="porta.content.sections.texts" fields={CALENDAR_TEXTS} />
      <AssetsField source="images" label="porta.content.fields.images" />
      <AssetsField source="attachments" label="porta.content.fields.attachments" />
      <AuthorField source="author" />
      <DateTimeField source="updatedAt" />
    </EditorialShow>
  );
}
