import { Chip } from '@mui/material';
import type { AdminHousingCompany } from '@porta/contracts';
import { useRecordContext, useTranslate } from 'react-admin';

/** The derived state (03 §4): living when the completion date is before today, else construction. */
export function StateField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<AdminHousingCompany>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.state === 'living' ? 'success' : 'warning'}
      label={translate(`porta.housing_companies.state.${record.state}`)}
    />
  );
}

/** The company's name, marked when it is the demo company (listed first, 03 §9). */
export function NameField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<AdminHousingCompany>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <span>
      {record.name}
      {record.isDemo ? (
        <Chip
          size="small"
          variant="outlined"
          sx={{ ml: 1 }}
          label={translate('porta.housing_companies.demo')}
        />
      ) : null}
    </span>
  );
}

export const STATE_CHOICES = [
  { id: 'construction', name: 'porta.housing_companies.state.construction' },
  { id: 'living', name: 'porta.housing_companies.state.living' },
];
