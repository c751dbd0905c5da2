import { Stack } from '@mui/material';
import { CONTACT_PRIORITY_DEFAULT } from '@porta/contracts';
import {
  BooleanInput,
  CheckboxGroupInput,
  email,
  maxValue,
  minValue,
  NumberInput,
  required,
  TextInput,
} from 'react-admin';
import { FormSection, useCan } from '../../content/kit';
import { PublicationInputs } from '../../content/PublicationInputs';
import { TargetingInput } from '../../content/TargetingInput';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { codename, phoneNumber } from '../../content/validation';
import { CONTACT_GROUP_CHOICES, CONTACT_TEXTS } from './fields';

/** The body sent for a contact: the variants as the API takes them. */
export function contactBody(data: Record<string, unknown>) {
  return {
    ...data,
    variants: cleanVariants(data.variants, CONTACT_TEXTS, String(data.defaultLanguage ?? 'en')),
  };
}

export const CONTACT_DEFAULTS = {
  defaultLanguage: 'en',
  isPrimary: false,
  isDefault: false,
  contactTaxonomies: [],
  priority: null,
  status: 'draft',
  targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
};

const NAME_RULES = [required()];
const EMAIL_RULES = [email('porta.validation.email')];
const PRIORITY_RULES = [minValue(0), maxValue(CONTACT_PRIORITY_DEFAULT)];

/**
 * A contact card's fields (02 §3 Contact, 03 §2 contacts): name, e-mail and phone, texts per
 * language, contact groups and priority (empty: the groups' priority, 02 §9), primary and default
 * flags, the housing companies it shows in, and publication.
 */
export function ContactInputs({ creating }: { creating: boolean }) {
  const can = useCan();
  return (
    <>
      <FormSection title="porta.content.sections.contact">
        <TextInput source="name" validate={NAME_RULES} fullWidth helperText={false} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="email" validate={EMAIL_RULES} helperText={false} sx={{ flex: 1 }} />
          <TextInput source="phoneNumber" validate={phoneNumber} helperText={false} sx={{ flex: 1 }} />
        </Stack>
        <TextInput
          source="codename"
          readOnly={!creating}
          validate={codename}
          helperText={creating ? 'porta.content.codename_help' : false}
        />
      </FormSection>
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={CONTACT_TEXTS} />
      </FormSection>
      <FormSection title="porta.content.sections.grouping">
        <CheckboxGroupInput source="contactTaxonomies" choices={CONTACT_GROUP_CHOICES} helperText={false} />
        <NumberInput
          source="priority"
          validate={PRIORITY_RULES}
          min={0}
          max={CONTACT_PRIORITY_DEFAULT}
          helperText="porta.content.contacts.priority_help"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <BooleanInput source="isPrimary" helperText="porta.content.contacts.primary_help" />
          <BooleanInput source="isDefault" helperText="porta.content.contacts.default_help" />
        </Stack>
      </FormSection>
      <FormSection title="porta.content.sections.audience">
        <TargetingInput global={!!can?.contentGlobal} />
      </FormSection>
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs />
      </FormSection>
    </>
  );
}
