import { Stack, Typography } from '@mui/material';
import type { StepRelatedRef } from '@porta/contracts';
import { RecordContextProvider, ReferenceField, useRecordContext, useTranslate } from 'react-admin';
import { RELATED_RESOURCE } from './fields';

/** The step's related items, each with its type and a link to it. */
export function RelatedField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ related?: StepRelatedRef[] }>();
  const translate = useTranslate();
  const related = record?.related ?? [];
  if (!related.length) return <span>{translate('porta.common.none')}</span>;
  return (
    <Stack component="ul" spacing={0.5} sx={{ pl: 3, m: 0 }}>
      {related.map((link) => (
        <li key={`${link.type}-${link.id}`}>
          <Typography component="span" variant="body2" color="text.secondary">
            {translate(`porta.content.steps.related_types.${link.type}`)}:{' '}
          </Typography>
          <RecordContextProvider value={link}>
            <ReferenceField source="id" reference={RELATED_RESOURCE[link.type]} link="show" />
          </RecordContextProvider>
        </li>
      ))}
    </Stack>
  );
}
