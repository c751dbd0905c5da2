import { Typography } from '@mui/material';
import {
  FEATURE_IDS,
  FEATURE_SETTINGS,
  type FeatureId,
  type FeatureToggle,
  GLOBAL_SCOPE,
} from '@porta/contracts';
import {
  BooleanInput,
  CheckboxGroupInput,
  DateTimeInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  required,
  SelectInput,
  SimpleForm,
  useTranslate,
} from 'react-admin';
import { BuildingTaxonomyInput } from '../../common/inputs';
import { LANGUAGE_CHOICES } from '../../common/languages';
import { SettingsInputs } from './SettingsInputs';

export const FEATURE_CHOICES = FEATURE_IDS.map((id) => ({ id, name: `porta.features.${id}` }));

interface ToggleForm extends Partial<Omit<FeatureToggle, 'visibleFrom' | 'visibleUntil'>> {
  scopeKind?: 'global' | 'term';
  scopeTerm?: string | null;
  visibleFrom?: string | Date | null;
  visibleUntil?: string | Date | null;
}

/** Values without null and undefined entries, recursively (optional settings are left out). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => [k, compact(v)]),
    );
  }
  return value;
}

function isoOrNull(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The request body of a toggle: the scope from the choice of global or a building-taxonomy term,
 * only the settings of the chosen feature, no language restriction when none is ticked.
 */
export function featureToggleBody(form: ToggleForm) {
  const featureId = form.featureId as FeatureId;
  const shape = (FEATURE_SETTINGS[featureId] as unknown as { shape?: Record<string, unknown> })?.shape ?? {};
  const settings = compact(form.settings ?? {}) as Record<string, unknown>;
  return {
    featureId,
    scope: form.scopeKind === 'term' && form.scopeTerm ? form.scopeTerm : GLOBAL_SCOPE,
    settings: Object.fromEntries(Object.entries(settings).filter(([key]) => key in shape)),
    active: form.active ?? true,
    visibleFrom: isoOrNull(form.visibleFrom),
    visibleUntil: isoOrNull(form.visibleUntil),
    languages: form.languages && form.languages.length > 0 ? form.languages : null,
  };
}

/** The form's starting values: the scope choice derived from the record's scope. */
export function toggleDefaults(record?: Partial<FeatureToggle>): ToggleForm {
  const scope = record?.scope ?? GLOBAL_SCOPE;
  return {
    active: true,
    settings: {},
    languages: [],
    scopeKind: scope === GLOBAL_SCOPE ? 'global' : 'term',
    scopeTerm: scope === GLOBAL_SCOPE ? null : scope,
  };
}

const afterStart = (value: unknown, values: Record<string, unknown>) => {
  const from = isoOrNull(values.visibleFrom as string | Date | null);
  const until = isoOrNull(value as string | Date | null);
  return from && until && until <= from ? 'porta.validation.end_after_start' : undefined;
};

function Heading({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
      {translate(text)}
    </Typography>
  );
}

/** Feature, scope (global or a building-taxonomy term), visibility, languages and settings (03 §3). */
export function FeatureToggleForm() {
  return (
    <SimpleForm defaultValues={toggleDefaults}>
      <SelectInput source="featureId" choices={FEATURE_CHOICES} validate={required()} />
      <BooleanInput source="active" />
      <Heading text="porta.feature_toggles.scope_heading" />
      <RadioButtonGroupInput
        source="scopeKind"
        label="resources.feature-toggles.fields.scope"
        choices={[
          { id: 'global', name: 'porta.feature_toggles.global' },
          { id: 'term', name: 'porta.feature_toggles.term' },
        ]}
      />
      <FormDataConsumer<ToggleForm>>
        {({ formData }) =>
          formData.scopeKind === 'term' ? (
            <BuildingTaxonomyInput source="scopeTerm" validate={required()} />
          ) : null
        }
      </FormDataConsumer>
      <Heading text="porta.feature_toggles.visibility_heading" />
      <DateTimeInput source="visibleFrom" helperText="porta.feature_toggles.visible_from_help" />
      <DateTimeInput
        source="visibleUntil"
        validate={afterStart}
        helperText="porta.feature_toggles.visible_until_help"
      />
      <CheckboxGroupInput
        source="languages"
        choices={LANGUAGE_CHOICES}
        translateChoice={false}
        helperText="porta.feature_toggles.languages_help"
      />
      <Heading text="porta.feature_toggles.settings_heading" />
      <FormDataConsumer<ToggleForm>>
        {({ formData }) => <SettingsInputs featureId={formData.featureId as FeatureId | undefined} />}
      </FormDataConsumer>
    </SimpleForm>
  );
}
