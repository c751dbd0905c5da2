import { Stack } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  FormDataConsumer,
  type RaRecord,
  ReferenceInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { AssetInput } from '../../content/AssetInput';
import { FormSection } from '../../content/kit';
import { PublicationInputs } from '../../content/PublicationInputs';
import { TargetingInput } from '../../content/TargetingInput';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { codename } from '../../content/validation';
import { RELATED_RESOURCE, RELATED_TYPE_CHOICES, STEP_TEXTS } from './fields';

/** The body sent for a step: the variants as the API takes them, complete related links only. */
export function stepBody(data: Record<string, unknown>) {
  const related = ((data.related as { type?: string; id?: string }[] | undefined) ?? []).filter(
    (link) => link?.type && link.id,
  );
  return {
    ...data,
    related,
    variants: cleanVariants(data.variants, STEP_TEXTS, String(data.defaultLanguage ?? 'en')),
  };
}

export const STEP_DEFAULTS = {
  defaultLanguage: 'en',
  dateStart: null,
  parentId: null,
  imageIds: [],
  related: [],
  disableConfiguring: false,
  status: 'draft',
  targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
};

const TYPE_RULES = [required()];

/**
 * A lifecycle step's fields (03 §3 Lifecycle step): texts per language, start date (steps without
 * one are not shown to residents), parent step, images, related content, the housing companies
 * (at least one, or a building-taxonomy term) and publication.
 */
export function StepInputs({ creating }: { creating: boolean }) {
  return (
    <>
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={STEP_TEXTS} />
      </FormSection>
      <FormSection title="porta.content.sections.details">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateInput source="dateStart" helperText="porta.content.steps.date_help" />
          <TextInput
            source="codename"
            readOnly={!creating}
            validate={codename}
            helperText={creating ? 'porta.content.codename_help' : false}
          />
        </Stack>
        <FormDataConsumer<{ id?: string; targeting?: { housingCompanyIds?: string[] } }>>
          {({ formData }) => (
            <ReferenceInput
              source="parentId"
              reference="steps"
              sort={{ field: 'dateStart', order: 'ASC' }}
              filter={
                formData.targeting?.housingCompanyIds?.length === 1
                  ? { housingCompanyId: formData.targeting.housingCompanyIds[0] }
                  : {}
              }
            >
              <AutocompleteInput
                optionText="title"
                helperText="porta.content.steps.parent_help"
                getOptionDisabled={(option: RaRecord) => option.id === formData.id}
                fullWidth
              />
            </ReferenceInput>
          )}
        </FormDataConsumer>
        <BooleanInput source="disableConfiguring" helperText="porta.content.steps.disable_configuring_help" />
      </FormSection>
      <FormSection title="porta.content.sections.files">
        <AssetInput
          source="imageIds"
          refsSource="images"
          purpose="image"
          multiple
          label="porta.content.fields.images"
          helperText="porta.content.upload.image_rules"
        />
      </FormSection>
      <FormSection title="porta.content.steps.related">
        <ArrayInput source="related" label={false}>
          <SimpleFormIterator inline disableReordering>
            <SelectInput
              source="type"
              label="porta.content.steps.related_type"
              choices={RELATED_TYPE_CHOICES}
              validate={TYPE_RULES}
              helperText={false}
            />
            <FormDataConsumer<Record<string, unknown>>>
              {({ scopedFormData }) => {
                const type = scopedFormData?.type as keyof typeof RELATED_RESOURCE | undefined;
                if (!type) return null;
                return (
                  <ReferenceInput source="id" reference={RELATED_RESOURCE[type]}>
                    <AutocompleteInput
                      optionText="title"
                      label="porta.content.steps.related_item"
                      validate={TYPE_RULES}
                      helperText={false}
                      sx={{ minWidth: 320 }}
                    />
                  </ReferenceInput>
                );
              }}
            </FormDataConsumer>
          </SimpleFormIterator>
        </ArrayInput>
      </FormSection>
      <FormSection title="porta.content.sections.audience">
        <TargetingInput global requireTarget />
      </FormSection>
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs />
      </FormSection>
    </>
  );
}
