import { Alert, Stack } from '@mui/material';
import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  maxValue,
  minValue,
  NumberInput,
  ReferenceInput,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AssetInput } from '../../content/AssetInput';
import { FormSection, useCan } from '../../content/kit';
import { PublicationInputs, TimeInput } from '../../content/PublicationInputs';
import { useGroupTermChoices } from '../../content/taxonomy';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { advertisementWindow, codename, httpUrl, notBeforeTime } from '../../content/validation';
import { CampaignTargetingInputs } from './CampaignTargetingInputs';
import { CAMPAIGN_TEXTS } from './fields';

/** The body sent for a campaign: the variants as the API takes them. */
export function campaignBody(data: Record<string, unknown>) {
  return {
    ...data,
    variants: cleanVariants(data.variants, CAMPAIGN_TEXTS, String(data.defaultLanguage ?? 'en')),
  };
}

export const CAMPAIGN_DEFAULTS = {
  defaultLanguage: 'en',
  isAdvertisement: false,
  status: 'draft',
  sticky: false,
  urgent: false,
  categories: [],
  rooms: [],
  attachmentIds: [],
  targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
  userRoles: [],
};

/** The discount is kept as 0..1 and typed as a percentage. */
export const percentFormat = (value: unknown) =>
  value == null || value === '' ? '' : String(Math.round(Number(value) * 10000) / 100);
export const percentParse = (value: string) => (value === '' || value == null ? null : Number(value) / 100);
const DISCOUNT_RULES = [minValue(0), maxValue(1, 'porta.content.campaigns.discount_range')];

/** The shop partner: any for campaign editors; partners see only their own company's. */
export function ShopPartnerInput({ helperText }: { helperText?: string }) {
  return (
    <ReferenceInput source="shopPartnerId" reference="shop-partners" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        optionText="name"
        helperText={helperText ?? 'porta.content.campaigns.partner_help'}
        fullWidth
      />
    </ReferenceInput>
  );
}

/**
 * Campaign categories (the campaign_category taxonomy, by codename; the group may have no terms
 * yet: then no choices, and nothing is asked that answers 404).
 */
export function CategoriesInput() {
  const categories = useGroupTermChoices('campaign_category');
  return (
    <AutocompleteArrayInput
      source="categories"
      choices={categories.choices}
      translateChoice={false}
      isPending={categories.isPending}
      helperText={
        categories.failed || (!categories.isPending && categories.choices.length === 0)
          ? 'porta.content.no_taxonomies'
          : false
      }
      fullWidth
    />
  );
}

/** The advertisement rule shown before saving: visible at most 6 months (03 §5). */
export function SixMonthNotice() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ my: 1 }}>
      {translate('porta.content.campaigns.six_months_help')}
    </Alert>
  );
}

/**
 * A campaign's fields (03 §3 Campaign): texts per language, partner, links, image and attachments,
 * schedule (start, end, sticky, urgent, discount, categories), targeting and publication. An
 * advertisement's end is held to the 6-month rule here too.
 */
export function CampaignInputs({ creating }: { creating: boolean }) {
  const can = useCan();
  const isAdvertisement = useWatch({ name: 'isAdvertisement' }) as boolean | undefined;
  const endRules = useMemo<Validator[]>(
    () => [
      notBeforeTime('startAt', 'porta.errors.CNT_CAMPAIGN_DATES'),
      ...(isAdvertisement ? [advertisementWindow] : []),
    ],
    [isAdvertisement],
  );
  return (
    <>
      {isAdvertisement ? <SixMonthNotice /> : null}
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={CAMPAIGN_TEXTS} />
      </FormSection>
      <FormSection title="porta.content.sections.partner">
        <ShopPartnerInput />
        <TextInput source="partnerName" helperText="porta.content.campaigns.partner_name_help" fullWidth />
        {can?.campaignsGlobal ? (
          <ReferenceInput
            source="partnerCompanyId"
            reference="partner-companies"
            sort={{ field: 'name', order: 'ASC' }}
          >
            <AutocompleteInput
              optionText="name"
              helperText="porta.content.campaigns.partner_company_help"
              fullWidth
            />
          </ReferenceInput>
        ) : null}
      </FormSection>
      <FormSection title="porta.content.sections.links">
        <TextInput source="link" validate={httpUrl} helperText={false} fullWidth />
        <TextInput source="ctaUrl" validate={httpUrl} helperText={false} fullWidth />
        <TextInput source="video" validate={httpUrl} helperText={false} fullWidth />
        <TextInput
          source="codename"
          readOnly={!creating}
          validate={codename}
          helperText={creating ? 'porta.content.codename_help' : false}
        />
      </FormSection>
      <FormSection title="porta.content.sections.files">
        <AssetInput
          source="imageId"
          refsSource="image"
          purpose="image"
          label="porta.content.fields.image"
          helperText="porta.content.upload.image_rules"
        />
        <AssetInput
          source="attachmentIds"
          refsSource="attachments"
          purpose="attachment"
          multiple
          label="porta.content.fields.attachments"
          helperText="porta.content.upload.attachment_rules"
        />
      </FormSection>
      <FormSection title="porta.content.sections.schedule">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TimeInput source="startAt" helperText={false} />
          <TimeInput source="endAt" validate={endRules} helperText={false} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <BooleanInput source="urgent" helperText={false} />
          <NumberInput
            source="discountPercentage"
            format={percentFormat}
            parse={percentParse}
            validate={DISCOUNT_RULES}
            min={0}
            max={100}
            helperText="porta.content.campaigns.discount_help"
          />
        </Stack>
        <CategoriesInput />
      </FormSection>
      <FormSection title="porta.content.sections.targeting">
        <CampaignTargetingInputs />
      </FormSection>
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs sticky />
      </FormSection>
    </>
  );
}
