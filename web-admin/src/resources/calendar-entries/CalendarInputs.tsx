import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { required, SelectInput, TextInput, type Validator } from 'react-admin';
import { AssetInput } from '../../content/AssetInput';
import { FormSection, useCan } from '../../content/kit';
import { PublicationInputs, TimeInput } from '../../content/PublicationInputs';
import { TargetingInput, UserRolesInput } from '../../content/TargetingInput';
import { cleanVariants, VariantEditor } from '../../content/VariantEditor';
import { codename, notBeforeTime } from '../../content/validation';
import { CALENDAR_TEXTS, CALENDAR_TYPE_CHOICES } from './fields';

/** The body sent for a calendar entry: the variants as the API takes them. */
export function calendarBody(data: Record<string, unknown>) {
  return {
    ...data,
    variants: cleanVariants(data.variants, CALENDAR_TEXTS, String(data.defaultLanguage ?? 'en')),
  };
}

export const CALENDAR_DEFAULTS = {
  defaultLanguage: 'en',
  type: 'event',
  status: 'draft',
  targeting: { housingCompanyIds: [], buildingTaxonomies: [] },
  userRoles: [],
  imageIds: [],
  attachmentIds: [],
};

/** A portal path (`/documents…`) or an http(s) address, as the document library link takes. */
const linkPath: Validator = (value: unknown) =>
  value == null || value === '' || /^(\/(?!\/)|https?:\/\/)/.test(String(value).trim())
    ? undefined
    : 'porta.validation.url';

/**
 * A calendar entry's fields (02 §3, 03 §2): type (event, task, deadline), texts per language, start
 * and end (not before the start), location, a link into the document library, images and
 * attachments, audience and publication.
 */
export function CalendarInputs({ creating }: { creating: boolean }) {
  const can = useCan();
  const validators = useMemo(
    () => ({
      startAt: [required()],
      endAt: notBeforeTime('startAt', 'porta.errors.CNT_CALENDAR_END_BEFORE_START'),
    }),
    [],
  );
  return (
    <>
      <FormSection title="porta.content.sections.details">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput
            source="type"
            choices={CALENDAR_TYPE_CHOICES}
            helperText="porta.content.calendar.type_help"
          />
          <TextInput
            source="codename"
            readOnly={!creating}
            validate={codename}
            helperText={creating ? 'porta.content.codename_help' : false}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TimeInput source="startAt" validate={validators.startAt} helperText={false} />
          <TimeInput source="endAt" validate={validators.endAt} helperText={false} />
        </Stack>
        <TextInput source="location" fullWidth helperText={false} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput
            source="documentLibraryLinkPath"
            validate={linkPath}
            helperText="porta.content.calendar.link_help"
            sx={{ flex: 1 }}
          />
          <TextInput source="documentLibraryLinkTitle" helperText={false} sx={{ flex: 1 }} />
        </Stack>
      </FormSection>
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={CALENDAR_TEXTS} />
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
      </FormSection>
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs />
      </FormSection>
    </>
  );
}
