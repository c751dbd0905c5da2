import { BooleanField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { RolesField, UserDateField } from './fields';

/** /admin/users/:id/show: one user's account. */
export default function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="email" />
        <TextField source="firstName" />
        <TextField source="lastName" />
        <RolesField source="roles" />
        <BooleanField source="enabled" />
        <BooleanField source="registered" />
        <TextField source="locale" />
        <TextField source="source" />
        <UserDateField source="createdAt" />
        <UserDateField source="lastLoginAt" />
        <TextField source="id" />
      </SimpleShowLayout>
    </Show>
  );
}
