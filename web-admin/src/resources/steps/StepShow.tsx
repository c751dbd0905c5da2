import { BooleanField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DateTimeField, DayField } from '../../common/dates';
import {
  AssetsField,
  AuthorField,
  StatusField,
  TargetingField,
  TimeField,
  VariantsField,
} from '../../content/fields';
import { ContentShowActions, useCan } from '../../content/kit';
import { STEP_TEXTS } from './fields';
import { RelatedField } from './RelatedField';

/** /admin/steps/:id/show: a lifecycle step read-only. */
export default function StepShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.stepsWrite} />}>
      <SimpleShowLayout>
        <TextField source="title" />
        <StatusField source="status" />
        <DayField source="dateStart" emptyText="porta.content.steps.no_date" />
        <ReferenceField source="parentId" reference="steps" link="show" emptyText="-" />
        <BooleanField source="disableConfiguring" />
        <TargetingField source="targeting" label="porta.content.sections.audience" />
        <TimeField source="publishAt" />
        <TimeField source="unpublishAt" />
        <RelatedField source="related" label="porta.content.steps.related" />
        <VariantsField source="variants" label="porta.content.sections.texts" fields={STEP_TEXTS} />
        <AssetsField source="images" label="porta.content.fields.images" />
        <AuthorField source="author" />
        <DateTimeField source="updatedAt" />
      </SimpleShowLayout>
    </Show>
  );
}
