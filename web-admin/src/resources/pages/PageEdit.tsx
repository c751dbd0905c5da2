import { Edit, SimpleForm } from 'react-admin';
import { ContentEditActions, ContentFormToolbar } from '../../content/kit';
import { PageInputs, pageBody } from './PageInputs';

/** /admin/pages/:id: change a public page. */
export default function PageEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={pageBody} redirect="list" actions={<ContentEditActions />}>
      <SimpleForm toolbar={<ContentFormToolbar />}>
        <PageInputs />
      </SimpleForm>
    </Edit>
  );
}
