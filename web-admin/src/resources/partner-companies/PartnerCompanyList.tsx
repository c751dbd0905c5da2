import {
  BooleanField,
  Datagrid,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { COUNTRY_CHOICES, TYPE_CHOICES } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={TYPE_CHOICES} alwaysOn />,
  <SelectInput key="country" source="country" choices={COUNTRY_CHOICES} translateChoice={false} alwaysOn />,
  <NullableBooleanInput key="active" source="active" />,
];

/** /admin/partner-companies: partner companies by type, country and search (03 §1). */
export default function PartnerCompanyList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <SelectField source="type" choices={TYPE_CHOICES} />
        <TextField source="businessId" sortable={false} />
        <TextField source="city" />
        <TextField source="country" />
        <BooleanField source="active" sortable={false} />
      </Datagrid>
    </List>
  );
}
