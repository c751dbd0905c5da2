import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar, EditableOnly } from '../../content/kit';
import { FaqInputs, faqBody } from './FaqInputs';

/** /admin/faqs/:id (03 §2 /admin/help/update/{id} leads here). */
export default function FaqEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={faqBody} redirect="list" actions={<ContentEditActions />}>
      <EditableOnly>
        <SimpleForm toolbar={<ContentFormToolbar />}>
          <FaqInputs creating={false} />
        </SimpleForm>
      </EditableOnly>
    </Edit>
  );
}
