import { Chip, Stack } from '@mui/material';
import type { AdminUser } from '@porta/contracts';
import { DateField, useLocale, useRecordContext, useTranslate } from 'react-admin';

interface UserFieldProps {
  /** Read by Datagrid and SimpleShowLayout for the column header and label. */
  label?: string;
  sortable?: boolean;
}

/** The user's global roles as chips with their labels (03 §6). */
export function RolesField(_props: UserFieldProps & { source: 'roles' }) {
  const record = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.roles.map((role) => (
        <Chip key={role} size="small" label={translate(`porta.roles.${role}`, { _: role })} />
      ))}
    </Stack>
  );
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** A date and time in the app's language; a date never set shows 'Never'. */
export function UserDateField({ source }: UserFieldProps & { source: 'createdAt' | 'lastLoginAt' }) {
  const locale = useLocale();
  return (
    <DateField
      source={source}
      showTime
      options={DATE_TIME}
      locales={locale === 'fi' ? 'fi-FI' : 'en-GB'}
      emptyText="porta.users.never"
    />
  );
}
