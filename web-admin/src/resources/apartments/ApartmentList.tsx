import {
  BooleanField,
  Datagrid,
  List,
  NumberField,
  ReferenceField,
  SearchInput,
  TextField,
} from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';

const filters = [
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SearchInput key="q" source="q" alwaysOn />,
];

/** /admin/apartments: apartments, filtered by housing company (03 §2). */
export default function ApartmentList() {
  return (
    <List filters={filters} sort={{ field: 'aptext', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="aptext" />
        <TextField source="no" />
        <ReferenceField source="housingCompanyId" reference="housing-companies" sortable={false} />
        <TextField source="apartmentNumber" />
        <NumberField source="floorNumber" />
        <NumberField source="size" />
        <NumberField source="rooms" />
        <BooleanField source="sauna" sortable={false} />
      </Datagrid>
    </List>
  );
}
