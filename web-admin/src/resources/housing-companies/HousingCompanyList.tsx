import { COUNTRIES } from '@porta/contracts';
import { Datagrid, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { DayField } from '../../common/dates';
import { NameField, STATE_CHOICES, StateField } from './fields';

const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ id: country, name: country }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={STATE_CHOICES} alwaysOn />,
  <SelectInput key="country" source="country" choices={COUNTRY_CHOICES} translateChoice={false} alwaysOn />,
];

/** /admin/housing-companies: search by name, street or id, filter by state and country; demo first. */
export default function HousingCompanyList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <NameField source="name" />
        <TextField source="hcExt" />
        <TextField source="addressStreet" sortable={false} />
        <TextField source="addressCity" />
        <TextField source="addressCountry" sortable={false} />
        <StateField source="state" sortable={false} />
        <DayField source="completionDate" />
      </Datagrid>
    </List>
  );
}
