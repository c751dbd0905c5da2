import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { ContactInputs, contactBody } from './ContactInputs';

/** /admin/contacts/:id (03 §2 /admin/contacts/edit/{id}). */
export default function ContactEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={contactBody} redirect="list" actions={<ContentEditActions />}>
      <EditableOnly>
        <SimpleForm toolbar={<ContentFormToolbar />}>
          <ContactInputs creating={false} />
        </SimpleForm>
      </EditableOnly>
    </Edit>
  );
}
