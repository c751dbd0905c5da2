import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { CONTACT_DEFAULTS, ContactInputs, contactBody } from './ContactInputs';

/** /admin/contacts/create (03 §2 /admin/contacts/new); saving opens its "created" page. */
export default function ContactCreate() {
  return (
    <Create
      transform={contactBody}
      redirect={(resource: string | undefined, id: unknown) =>
        `${resource ?? 'contacts'}/created/${String(id)}`
      }
    >
      <SimpleForm defaultValues={CONTACT_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <ContactInputs creating />
      </SimpleForm>
    </Create>
  );
}
