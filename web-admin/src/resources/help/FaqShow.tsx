import { NumberField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { AuthorField, StatusField, TargetingField, VariantsField } from '../../content/fields';
import { ContentShowActions, useCan } from '../../content/kit';
import { FAQ_KIND_CHOICES, FAQ_TEXTS } from './fields';

/** /admin/faqs/:id/show: an FAQ or help entry read-only. */
export default function FaqShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.siteContentWrite} />}>
      <SimpleShowLayout>
        <TextField source="title" />
        <SelectField source="kind" choices={FAQ_KIND_CHOICES} />
        <StatusField source="status" />
        <TextField source="faqTaxonomy" emptyText="-" />
        <NumberField source="priority" />
        <TargetingField source="targeting" label="porta.content.sections.audience" />
        <VariantsField source="variants" label="porta.content.sections.texts" fields={FAQ_TEXTS} />
        <AuthorField source="author" />
        <DateTimeField source="updatedAt" />
      </SimpleShowLayout>
    </Show>
  );
}
