import { Chip, Stack } from '@mui/material';
import type { AdminUser } from '@porta/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField } from '../../common/dates';

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

/** A moment as DD.MM.YYYY HH:mm (the staff app's one format); a moment never reached shows 'Never'. */
export function UserDateField({ source }: UserFieldProps & { source: 'createdAt' | 'lastLoginAt' }) {
  return <DateTimeField source={source} emptyText="porta.users.never" />;
}
