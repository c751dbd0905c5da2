import { TAXONOMY_CODENAME_PATTERN, TAXONOMY_GROUPS, type TaxonomyTerm } from '@porta/contracts';
import {
  AutocompleteInput,
  FormDataConsumer,
  maxLength,
  ReferenceInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';

export const GROUP_CHOICES = TAXONOMY_GROUPS.map((group) => ({
  id: group,
  name: `porta.taxonomy_groups.${group}`,
}));

/** The parent term: a term of the same group (the service refuses the term itself or its descendants). */
function ParentInput({ group }: { group: string | undefined }) {
  return (
    <ReferenceInput
      source="parentId"
      reference="taxonomy-terms"
      filter={group ? { group } : {}}
      sort={{ field: 'name', order: 'ASC' }}
      enableGetChoices={() => !!group}
    >
      <AutocompleteInput
        optionText="name"
        disabled={!group}
        helperText="porta.taxonomy.parent_help"
        fullWidth
      />
    </ReferenceInput>
  );
}

/** Group, name, codename, external id and parent term of a taxonomy term (03 §3). */
export function TaxonomyTermForm({ editing }: { editing: boolean }) {
  return (
    <SimpleForm>
      <SelectInput source="group" choices={GROUP_CHOICES} validate={required()} disabled={editing} />
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput
        source="codename"
        validate={[maxLength(100), regex(TAXONOMY_CODENAME_PATTERN, 'porta.taxonomy.codename_format')]}
        helperText="porta.taxonomy.codename_help"
        fullWidth
      />
      <TextInput source="externalId" validate={maxLength(100)} />
      <FormDataConsumer<Partial<TaxonomyTerm>>>
        {({ formData }) => <ParentInput group={formData.group} />}
      </FormDataConsumer>
    </SimpleForm>
  );
}
