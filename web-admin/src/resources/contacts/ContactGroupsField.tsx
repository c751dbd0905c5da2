import { Chip, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** The contact's groups as chips. */
export function ContactGroupsField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ contactTaxonomies?: string[] }>();
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap' }}>
      {(record?.contactTaxonomies ?? []).map((group) => (
        <Chip
          key={group}
          size="small"
          label={translate(`porta.content.contact_groups.${group}`, { _: group })}
        />
      ))}
    </Stack>
  );
}
