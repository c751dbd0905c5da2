import { AutocompleteInput, ReferenceInput, type Validator } from 'react-admin';

interface ReferencePickerProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  alwaysOn?: boolean;
  helperText?: string | false;
  filter?: Record<string, unknown>;
  disabled?: boolean;
}

/** Pick a housing company by name (searches with q). */
export function HousingCompanyInput({
  source,
  label,
  validate,
  helperText,
  filter,
  disabled,
}: ReferencePickerProps) {
  return (
    <ReferenceInput
      source={source}
      reference="housing-companies"
      sort={{ field: 'name', order: 'ASC' }}
      filter={filter}
    >
      <AutocompleteInput
        optionText="name"
        label={label ?? 'porta.fields.housingCompany'}
        validate={validate}
        helperText={helperText}
        disabled={disabled}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** Pick an apartment of a housing company (searches with q). */
export function ApartmentInput({
  source,
  housingCompanyId,
  label,
  validate,
  helperText,
  disabled,
}: ReferencePickerProps & { housingCompanyId: string | null | undefined }) {
  return (
    <ReferenceInput
      source={source}
      reference="apartments"
      sort={{ field: 'aptext', order: 'ASC' }}
      filter={housingCompanyId ? { housingCompanyId } : {}}
      enableGetChoices={() => !!housingCompanyId}
    >
      <AutocompleteInput
        optionText={(apartment: { aptext?: string; no?: string }) => apartment.aptext || apartment.no || ''}
        label={label ?? 'porta.fields.apartment'}
        validate={validate}
        helperText={helperText}
        disabled={disabled || !housingCompanyId}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** Pick a user by name or e-mail (searches with q). */
export function UserInput({ source, label, validate, helperText, filter, disabled }: ReferencePickerProps) {
  return (
    <ReferenceInput source={source} reference="users" sort={{ field: 'email', order: 'ASC' }} filter={filter}>
      <AutocompleteInput
        optionText={(user: { firstName?: string; lastName?: string; email?: string }) =>
          `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim()
            ? `${user.firstName ?? ''} ${user.lastName ?? ''} (${user.email ?? ''})`.trim()
            : (user.email ?? '')
        }
        label={label ?? 'porta.fields.user'}
        validate={validate}
        helperText={helperText}
        disabled={disabled}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** Pick a building-taxonomy term (03 §3). */
export function BuildingTaxonomyInput({
  source,
  label,
  validate,
  helperText,
  disabled,
}: ReferencePickerProps) {
  return (
    <ReferenceInput
      source={source}
      reference="taxonomy-terms"
      filter={{ group: 'buildingtaxonomy' }}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <AutocompleteInput
        optionText="name"
        label={label ?? 'porta.fields.buildingTaxonomyTerm'}
        validate={validate}
        helperText={helperText}
        disabled={disabled}
        fullWidth
      />
    </ReferenceInput>
  );
}
