import { Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { AssetsField, StatusField, VariantsField } from '../../content/fields';
import { ContentShowActions, useCan } from '../../content/kit';
import { PAGE_TEXTS } from './PageInputs';

/** /admin/pages/:id/show: a public page read-only. */
export default function PageShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.siteContentWrite} />}>
      <SimpleShowLayout>
        <TextField source="path" />
        <TextField source="title" />
        <StatusField source="status" />
        <VariantsField source="variants" label="porta.content.sections.texts" fields={PAGE_TEXTS} />
        <AssetsField source="images" label="porta.content.fields.images" />
        <DateTimeField source="updatedAt" />
      </SimpleShowLayout>
    </Show>
  );
}
