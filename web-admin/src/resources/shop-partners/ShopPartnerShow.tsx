import { Stack, Typography } from '@mui/material';
import type { Language } from '@porta/contracts';
import {
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { LANGUAGE_NAMES } from '../../common/languages';
import { AssetsField } from '../../content/fields';
import { ContentShowActions, useCan } from '../../content/kit';

function DescriptionField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ description?: Record<string, string> }>();
  const entries = Object.entries(record?.description ?? {});
  if (!entries.length) return <span>-</span>;
  return (
    <Stack spacing={1}>
      {entries.map(([language, text]) => (
        <div key={language}>
          <Typography variant="subtitle2" component="h3">
            {LANGUAGE_NAMES[language as Language] ?? language}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Typography>
        </div>
      ))}
    </Stack>
  );
}

/** /admin/shop-partners/:id/show: a partner read-only. */
export default function ShopPartnerShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.siteContentWrite} />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <AssetsField source="logo" label="porta.content.fields.logo" />
        <AssetsField source="image" label="porta.content.fields.image" />
        <DescriptionField source="description" label="porta.content.fields.description" />
        <NumberField source="rating" emptyText="-" />
        <NumberField source="ratingsCount" />
        <TextField source="businessId" emptyText="-" />
        <TextField source="externalId" emptyText="-" />
        <TextField source="country" emptyText="-" />
        <TextField source="email" emptyText="-" />
        <TextField source="phone" emptyText="-" />
        <TextField source="source" />
        <TextField source="mappedTo" emptyText="-" />
        <ReferenceField source="partnerCompanyId" reference="partner-companies" link={false} emptyText="-" />
        <DateTimeField source="updatedAt" />
      </SimpleShowLayout>
    </Show>
  );
}
