import { BooleanField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { AuthorField, StatusField, TargetingField, TimeField, VariantsField } from '../../content/fields';
import { ContentShowActions, useCan } from '../../content/kit';
import { ContactGroupsField } from './ContactGroupsField';
import { CONTACT_TEXTS } from './fields';

/** /admin/contacts/:id/show: a contact card read-only. */
export default function ContactShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.contactsWrite} />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <StatusField source="status" />
        <TextField source="email" emptyText="-" />
        <TextField source="phoneNumber" emptyText="-" />
        <ContactGroupsField source="contactTaxonomies" />
        <NumberField source="priority" emptyText="-" />
        <NumberField source="effectivePriority" />
        <BooleanField source="isPrimary" />
        <BooleanField source="isDefault" />
        <TargetingField source="targeting" label="porta.content.sections.audience" />
        <TimeField source="publishAt" />
        <TimeField source="unpublishAt" />
        <VariantsField source="variants" label="porta.content.sections.texts" fields={CONTACT_TEXTS} />
        <AuthorField source="author" />
        <DateTimeField source="updatedAt" />
      </SimpleShowLayout>
    </Show>
  );
}
