import { Box, Chip, Stack, Typography } from '@mui/material';
import type { AssetRef, Language } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import type { ReactElement } from 'react';
import {
  Labeled,
  ReferenceArrayField,
  SingleFieldList,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '../common/dates';
import { LANGUAGE_NAMES } from '../common/languages';
import { RoleChips } from '../common/roles';
import { SafeHtml } from './SafeHtml';
import { termName, useTaxonomyChoices } from './taxonomy';

interface FieldProps {
  source?: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}

type Publishable = {
  status?: string;
  scheduled?: boolean;
  archived?: boolean;
  sticky?: boolean;
  stickyUntil?: string | null;
};

/** The publication state of an item: draft, published, scheduled (a future publish time) or archived. */
export function publicationState(record: Publishable): 'draft' | 'published' | 'scheduled' | 'archived' {
  if (record.status !== 'published') return 'draft';
  if (record.scheduled) return 'scheduled';
  if (record.archived) return 'archived';
  return 'published';
}

/** The item's publication state as a chip (and "Sticky" while its expiry is ahead). */
export function StatusField(_props: FieldProps) {
  const record = useRecordContext<Publishable>();
  const translate = useTranslate();
  if (!record) return null;
  const state = publicationState(record);
  const sticky = record.sticky && record.stickyUntil && new Date(record.stickyUntil).getTime() > Date.now();
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={translate(`porta.content.status.${state}`)}
        color={state === 'published' ? 'success' : state === 'scheduled' ? 'info' : 'default'}
        variant={state === 'draft' ? 'outlined' : 'filled'}
      />
      {sticky ? <Chip size="small" label={translate('porta.content.sticky')} variant="outlined" /> : null}
    </Stack>
  );
}

/** The author's name (content items record who wrote them). */
export function AuthorField(_props: FieldProps) {
  const record = useRecordContext<{ author?: { name: string } }>();
  return <span>{record?.author?.name ?? ''}</span>;
}

/** Who sees the item: its housing companies and building-taxonomy terms, or every company. */
export function TargetingField(_props: FieldProps) {
  const record = useRecordContext<{
    targeting?: { housingCompanyIds: string[]; buildingTaxonomies: string[] };
  }>();
  const translate = useTranslate();
  const terms = useTaxonomyChoices('buildingtaxonomy');
  const targeting = record?.targeting;
  if (!targeting) return null;
  if (!targeting.housingCompanyIds.length && !targeting.buildingTaxonomies.length) {
    return <Typography variant="body2">{translate('porta.content.everyone')}</Typography>;
  }
  return (
    <Stack spacing={1}>
      {targeting.housingCompanyIds.length ? (
        <ReferenceArrayField source="targeting.housingCompanyIds" reference="housing-companies">
          <SingleFieldList linkType={false}>
            <TextField source="name" />
          </SingleFieldList>
        </ReferenceArrayField>
      ) : null}
      {targeting.buildingTaxonomies.length ? (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {targeting.buildingTaxonomies.map((codename) => (
            <Chip key={codename} size="small" variant="outlined" label={termName(terms.choices, codename)} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The roles that see the item, or "everyone". */
export function UserRolesField(_props: FieldProps) {
  const record = useRecordContext<{ userRoles?: string[] }>();
  const translate = useTranslate();
  if (!record?.userRoles?.length) return <span>{translate('porta.content.all_roles')}</span>;
  return <RoleChips roles={record.userRoles as never[]} />;
}

/** A time of the record as DD.MM.YYYY HH:mm for a show layout. */
export function TimeField({ source = '' }: FieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const text = formatDateTime(record?.[source] as string | null | undefined);
  return <span>{text || translate('porta.common.none')}</span>;
}

/** The files of the record (images or attachments) with links. */
export function AssetsField({ source = '' }: FieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as AssetRef | AssetRef[] | null | undefined;
  const list = Array.isArray(value) ? value : value ? [value] : [];
  if (!list.length) return <span>{translate('porta.content.upload.none')}</span>;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {list.map((asset) => (
        <Stack key={asset.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {asset.mimeType.startsWith('image/') ? (
            <Box
              component="img"
              src={asset.url}
              alt={asset.fileName}
              sx={{ width: 96, height: 54, objectFit: 'cover' }}
            />
          ) : null}
          <a href={asset.url} target="_blank" rel="noreferrer">
            {asset.fileName}
          </a>
          <Typography variant="caption" color="text.secondary">
            {formatFileSize(asset.size)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The texts of every language variant of the record, the default language first: plain texts as
 * text, HTML fields (from the content service, sanitised) rendered.
 */
export function VariantsField({
  fields,
}: FieldProps & { fields: readonly { name: string; kind?: 'text' | 'multiline' | 'html' }[] }) {
  const record = useRecordContext<{
    defaultLanguage?: string;
    variants?: Record<string, Record<string, string>>;
  }>();
  const translate = useTranslate();
  if (!record?.variants) return null;
  const languages = Object.keys(record.variants).sort((a, b) =>
    a === record.defaultLanguage ? -1 : b === record.defaultLanguage ? 1 : a.localeCompare(b),
  );
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      {languages.map((language) => {
        const texts = record.variants?.[language] ?? {};
        return (
          <Box
            key={language}
            component="section"
            aria-label={LANGUAGE_NAMES[language as Language] ?? language}
          >
            <Typography variant="subtitle2" component="h3">
              {LANGUAGE_NAMES[language as Language] ?? language}
              {language === record.defaultLanguage ? ` (${translate('porta.content.default_mark')})` : ''}
            </Typography>
            {fields.map((field) => {
              const value = texts[field.name];
              if (!value) return null;
              const content: ReactElement =
                field.kind === 'html' ? (
                  <SafeHtml html={value} />
                ) : (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {value}
                  </Typography>
                );
              return (
                <Labeled
                  key={field.name}
                  label={`porta.content.fields.${field.name}`}
                  sx={{ display: 'block', mt: 1 }}
                >
                  {content}
                </Labeled>
              );
            })}
          </Box>
        );
      })}
    </Stack>
  );
}
