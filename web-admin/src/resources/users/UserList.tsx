import { ROLES } from '@porta/contracts';
import {
  BooleanField,
  Datagrid,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';
import { roleChoices } from '../../common/roles';
import { RolesField, UserDateField } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices(ROLES)} alwaysOn />,
  <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
];

/** /admin/users: search users, filter by housing company, role and state (03 §1); create when allowed. */
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
