import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { DateInput, SelectInput, TextInput } from 'react-admin';
import { AssetInput } from '../../content/AssetInput';
import { FormSection, useCan } from '../../content/kit';
import { PublicationInputs } from '../../content/PublicationInputs';
import { TargetingInput, UserRolesInput } from '../../content/TargetingInput';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { codename, dayBefore } from '../../content/validation';
import { ARTICLE_TEXTS, ARTICLE_TYPE_CHOICES, PHASE_CHOICES } from './fields';

/** The body sent for an article: the form's values with the variants as the API takes them. */
export function articleBody(data: Record<string, unknown>) {
  return {
    ...data,
    variants: cleanVariants(data.variants, ARTICLE_TEXTS, String(data.defaultLanguage ?? 'en')),
  };
}

export const ARTICLE_DEFAULTS = {
  defaultLanguage: 'en',
  articleType: 'news',
  category: null,
  status: 'draft',
  targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
  userRoles: [],
  sticky: false,
  buildingPhase: null,
  imageIds: [],
  attachmentIds: [],
};

/**
 * An article's fields (03 §3 Article, §5): texts per language, type and category, images (landscape
 * 16:9 ≥ 1000 px) and attachments, audience (housing companies, building taxonomy, roles, building
 * phase, ready before/after) and publication (status, times, archive date, sticky with expiry).
 */
export function ArticleInputs({ creating }: { creating: boolean }) {
  const can = useCan();
  const readyAfter = useMemo(() => dayBefore('readyBefore', 'porta.errors.CNT_READY_DATES_ORDER'), []);
  return (
    <>
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={ARTICLE_TEXTS} />
      </FormSection>
      <FormSection title="porta.content.sections.details">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput source="articleType" choices={ARTICLE_TYPE_CHOICES} helperText={false} />
          <TextInput source="category" helperText={false} />
          <TextInput
            source="codename"
            readOnly={!creating}
            validate={codename}
            helperText={creating ? 'porta.content.codename_help' : false}
          />
        </Stack>
      </FormSection>
      <FormSection title="porta.content.sections.files">
        <AssetInput
          source="imageIds"
          refsSource="images"
          purpose="article-image"
          multiple
          label="porta.content.fields.images"
          helperText="porta.content.upload.article_image_rules"
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
      <FormSection title="porta.content.sections.audience">
        <TargetingInput global={!!can?.contentGlobal} />
        <UserRolesInput />
        <SelectInput
          source="buildingPhase"
          choices={PHASE_CHOICES}
          emptyText="porta.content.both_phases"
          helperText="porta.content.building_phase_help"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateInput source="readyAfter" validate={readyAfter} helperText="porta.content.ready_after_help" />
          <DateInput source="readyBefore" helperText="porta.content.ready_before_help" />
        </Stack>
      </FormSection>
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs archive sticky />
      </FormSection>
    </>
  );
}
