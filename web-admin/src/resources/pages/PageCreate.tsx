import { Create, SimpleForm } from 'react-admin';
import { ContentFormToolbar } from '../../content/kit';
import { PAGE_DEFAULTS, PageInputs, pageBody } from './PageInputs';

/** /admin/pages/create: a new public page. */
export default function PageCreate() {
  return (
    <Create transform={pageBody} redirect="list">
      <SimpleForm defaultValues={PAGE_DEFAULTS} toolbar={<ContentFormToolbar deletable={false} />}>
        <PageInputs />
      </SimpleForm>
    </Create>
  );
}
