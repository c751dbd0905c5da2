import { BooleanField, Datagrid, List, NullableBooleanInput, SearchInput, TextField } from 'react-admin';
import { RolesField, UserDateField } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
];

/** /admin/users: staff search and browse users (read only for now). */
export default function UserList() {
  return (
    <List filters={filters} sort={{ field: 'email', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="firstName" />
        <TextField source="lastName" />
        <RolesField source="roles" sortable={false} />
        <BooleanField source="enabled" sortable={false} />
        <UserDateField source="createdAt" />
        <UserDateField source="lastLoginAt" />
      </Datagrid>
    </List>
  );
}
