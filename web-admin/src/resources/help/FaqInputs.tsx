import { Stack } from '@mui/material';
import {
  AutocompleteInput,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  TextInput,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormSection } from '../../content/kit';
import { PublicationInputs } from '../../content/PublicationInputs';
import { TargetingInput } from '../../content/TargetingInput';
import { useFaqGroups } from '../../content/taxonomy';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { codename } from '../../content/validation';
import { FAQ_KIND_CHOICES, FAQ_TEXTS } from './fields';

/** The body sent for an entry: the variants as the API takes them; help entries target nobody. */
export function faqBody(data: Record<string, unknown>) {
  return {
    ...data,
    variants: cleanVariants(data.variants, FAQ_TEXTS, String(data.defaultLanguage ?? 'en')),
    ...(data.kind === 'help' ? { targeting: { housingCompanyIds: [], buildingTaxonomies: [] } } : {}),
  };
}

export const FAQ_DEFAULTS = {
  kind: 'faq',
  defaultLanguage: 'en',
  faqTaxonomy: null,
  priority: 999,
  status: 'draft',
  targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
};

const PRIORITY_RULES = [minValue(0), maxValue(9999)];

/**
 * An FAQ entry (residents, 02 §3 FAQ) or help entry (staff, 03 §2 help section): kind, question
 * and answer per language, category (faqtaxonomy), priority, the housing companies an FAQ entry
 * shows in, and publication.
 */
export function FaqInputs({ creating }: { creating: boolean }) {
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  const categories = useFaqGroups();
  return (
    <>
      <FormSection title="porta.content.sections.details">
        <RadioButtonGroupInput
          source="kind"
          choices={FAQ_KIND_CHOICES}
          helperText="porta.content.help.kind_help"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <AutocompleteInput
            source="faqTaxonomy"
            choices={categories.choices}
            translateChoice={false}
            isPending={categories.isPending}
            helperText={categories.failed ? 'porta.content.no_taxonomies' : false}
            sx={{ minWidth: 260 }}
          />
          <NumberInput
            source="priority"
            validate={PRIORITY_RULES}
            min={0}
            helperText="porta.content.help.priority_help"
          />
          <TextInput
            source="codename"
            readOnly={!creating}
            validate={codename}
            helperText={creating ? 'porta.content.codename_help' : false}
          />
        </Stack>
      </FormSection>
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={FAQ_TEXTS} />
      </FormSection>
      {kind !== 'help' ? (
        <FormSection title="porta.content.sections.audience">
          <TargetingInput global />
        </FormSection>
      ) : null}
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs />
      </FormSection>
    </>
  );
}
