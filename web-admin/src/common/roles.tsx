import { Chip, Stack } from '@mui/material';
import type { Role } from '@porta/contracts';
import { required, SelectInput, useTranslate } from 'react-admin';

/** The label of a role (03 §6 labels, from translations). */
export function useRoleLabel() {
  const translate = useTranslate();
  return (role: string) => translate(`porta.roles.${role}`, { _: role });
}

/** Choices of a role select, labelled. */
export function roleChoices(roles: readonly string[]) {
  return roles.map((role) => ({ id: role, name: `porta.roles.${role}` }));
}

/** A required select of the form's `role`, one of `roles`. */
export function RoleInput({ roles }: { roles: readonly string[] }) {
  return (
    <SelectInput
      source="role"
      label="porta.fields.role"
      choices={roleChoices(roles)}
      validate={required()}
      fullWidth
    />
  );
}

export function RoleChips({ roles }: { roles: readonly Role[] }) {
  const label = useRoleLabel();
  return (
    <Stack direction="row" component="span" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {roles.map((role) => (
        <Chip key={role} size="small" label={label(role)} />
      ))}
    </Stack>
  );
}
