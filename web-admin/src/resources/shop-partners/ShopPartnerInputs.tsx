import { Box, Stack, Tab, Tabs } from '@mui/material';
import { LANGUAGES, type Language } from '@porta/contracts';
import { useId, useState } from 'react';
import {
  AutocompleteInput,
  email,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';
import { LANGUAGE_NAMES } from '../../common/languages';
import { AssetInput } from '../../content/AssetInput';
import { FormSection } from '../../content/kit';

export const SHOP_PARTNER_DEFAULTS = { source: 'porta', ratingsCount: 0, description: {} };

/** The body sent for a partner: empty descriptions left out. */
export function shopPartnerBody(data: Record<string, unknown>) {
  const description = Object.fromEntries(
    Object.entries((data.description as Record<string, string | null> | undefined) ?? {}).filter(
      ([, text]) => typeof text === 'string' && text.trim() !== '',
    ),
  );
  return { ...data, description };
}

const NAME_RULES = [required()];
const RATING_RULES = [minValue(0), maxValue(5)];
const COUNT_RULES = [minValue(0)];
const EMAIL_RULES = [email('porta.validation.email')];
const SOURCE_RULES = [required()];

/** The partner's description in each language (plain text). */
function DescriptionInputs() {
  const translate = useTranslate();
  const baseId = useId();
  const [active, setActive] = useState<Language>('fi');
  return (
    <Box sx={{ width: '100%' }}>
      <Tabs
        value={active}
        onChange={(_, value: Language) => setActive(value)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('porta.content.languages')}
      >
        {LANGUAGES.map((language) => (
          <Tab
            key={language}
            value={language}
            label={LANGUAGE_NAMES[language]}
            id={`${baseId}-tab-${language}`}
            aria-controls={`${baseId}-panel-${language}`}
          />
        ))}
      </Tabs>
      {LANGUAGES.map((language) => (
        <Box
          key={language}
          role="tabpanel"
          id={`${baseId}-panel-${language}`}
          aria-labelledby={`${baseId}-tab-${language}`}
          hidden={language !== active}
          sx={{ pt: 2 }}
        >
          <TextInput
            source={`description.${language}`}
            label="porta.content.fields.description"
            multiline
            minRows={3}
            helperText={false}
            fullWidth
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * A service-shop partner (02 §3 Partner, 03 §3 directory partner fields): name, description per
 * language, logo (square png ≥ 500 px) and image, rating, identifiers and contact details, and the
 * partner company whose users manage its campaigns.
 */
export function ShopPartnerInputs() {
  return (
    <>
      <FormSection title="porta.content.sections.details">
        <TextInput source="name" validate={NAME_RULES} fullWidth helperText={false} />
        <DescriptionInputs />
      </FormSection>
      <FormSection title="porta.content.sections.files">
        <AssetInput
          source="logoId"
          refsSource="logo"
          purpose="partner-logo"
          label="porta.content.fields.logo"
          helperText="porta.content.upload.logo_rules"
        />
        <AssetInput
          source="imageId"
          refsSource="image"
          purpose="image"
          label="porta.content.fields.image"
          helperText="porta.content.upload.image_rules"
        />
      </FormSection>
      <FormSection title="porta.content.sections.contact">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="email" validate={EMAIL_RULES} helperText={false} />
          <TextInput source="phone" helperText={false} />
          <TextInput source="country" helperText={false} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="businessId" helperText={false} />
          <TextInput source="externalId" helperText="porta.content.shop_partners.external_id_help" />
          <TextInput source="source" validate={SOURCE_RULES} helperText={false} />
          <TextInput source="mappedTo" helperText={false} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NumberInput
            source="rating"
            validate={RATING_RULES}
            min={0}
            max={5}
            step={0.1}
            helperText={false}
          />
          <NumberInput source="ratingsCount" validate={COUNT_RULES} min={0} helperText={false} />
        </Stack>
        <ReferenceInput
          source="partnerCompanyId"
          reference="partner-companies"
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            optionText="name"
            helperText="porta.content.shop_partners.partner_company_help"
            fullWidth
          />
        </ReferenceInput>
      </FormSection>
    </>
  );
}
