import { required, TextInput, type Validator } from 'react-admin';
import { AssetInput } from '../../content/AssetInput';
import { FormSection } from '../../content/kit';
import { PublicationInputs } from '../../content/PublicationInputs';
import { cleanVariants, VariantEditor, type VariantField } from '../../content/VariantEditor';

/** A page's texts per language: the title and the HTML body. */
export const PAGE_TEXTS: readonly VariantField[] = [
  { name: 'title', required: true },
  { name: 'html', kind: 'html', emptyAs: '' },
];

/** The body sent for a page: the variants as the API takes them. */
export function pageBody(data: Record<string, unknown>) {
  return {
    ...data,
    variants: cleanVariants(data.variants, PAGE_TEXTS, String(data.defaultLanguage ?? 'en')),
  };
}

export const PAGE_DEFAULTS = { defaultLanguage: 'en', status: 'draft', imageIds: [] };

/** The address: segments of lower-case letters and digits joined by - or _, / between them. */
const pagePath: Validator = (value: unknown) => {
  if (value == null || value === '') return undefined;
  const path = String(value)
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
  return /^[a-z0-9]+(?:[-_][a-z0-9]+)*(?:\/[a-z0-9]+(?:[-_][a-z0-9]+)*)*$/.test(path)
    ? undefined
    : 'porta.content.pages.path_format';
};
const PATH_RULES = [required(), pagePath];

/** A public page (01 §2 catch-all route: terms, privacy, cookies…): address, texts, images, status. */
export function PageInputs() {
  return (
    <>
      <FormSection title="porta.content.sections.details">
        <TextInput source="path" validate={PATH_RULES} helperText="porta.content.pages.path_help" fullWidth />
      </FormSection>
      <FormSection title="porta.content.sections.texts">
        <VariantEditor fields={PAGE_TEXTS} />
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
      <FormSection title="porta.content.sections.publication">
        <PublicationInputs times={false} />
      </FormSection>
    </>
  );
}
