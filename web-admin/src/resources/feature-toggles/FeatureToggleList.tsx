import type { FeatureToggle } from '@porta/contracts';
import { GLOBAL_SCOPE } from '@porta/contracts';
import {
  BooleanField,
  Datagrid,
  List,
  NullableBooleanInput,
  ReferenceField,
  SelectField,
  SelectInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { BuildingTaxonomyInput } from '../../common/inputs';
import { FEATURE_CHOICES } from './FeatureToggleForm';

/** 'Global', or the name of the building-taxonomy term. */
function ScopeField(_props: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<FeatureToggle>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.scope === GLOBAL_SCOPE) return <span>{translate('porta.feature_toggles.global')}</span>;
  return <ReferenceField source="scope" reference="taxonomy-terms" link={false} />;
}

function LanguagesField(_props: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<FeatureToggle>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{record.languages?.join(', ') || translate('porta.feature_toggles.all_languages')}</span>;
}

const filters = [
  <SelectInput key="featureId" source="featureId" choices={FEATURE_CHOICES} alwaysOn />,
  <NullableBooleanInput key="active" source="active" alwaysOn />,
  <BuildingTaxonomyInput key="scope" source="scope" label="resources.feature-toggles.fields.scope" />,
];

/** /admin/feature-toggles (admin only; 03 §2 /admin/settings/features). */
export default function FeatureToggleList() {
  return (
    <List filters={filters} sort={{ field: 'featureId', order: 'ASC' }} perPage={50} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <SelectField source="featureId" choices={FEATURE_CHOICES} />
        <ScopeField source="scope" />
        <BooleanField source="active" />
        <DateTimeField source="visibleFrom" emptyText="porta.common.none" sortable={false} />
        <DateTimeField source="visibleUntil" emptyText="porta.common.none" sortable={false} />
        <LanguagesField source="languages" sortable={false} />
      </Datagrid>
    </List>
  );
}
