import {
  Datagrid,
  List,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
import { GROUP_CHOICES } from './TaxonomyTermForm';

const filters = [
  <SelectInput key="group" source="group" choices={GROUP_CHOICES} alwaysOn />,
  <SearchInput key="q" source="q" alwaysOn />,
];

/** /admin/taxonomy-terms: the terms of a group (admin). */
export default function TaxonomyTermList() {
  return (
    <List
      filters={filters}
      filterDefaultValues={{ group: 'buildingtaxonomy' }}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="codename" />
        <SelectField source="group" choices={GROUP_CHOICES} />
        <TextField source="externalId" sortable={false} emptyText="-" />
        <ReferenceField
          source="parentId"
          reference="taxonomy-terms"
          link={false}
          sortable={false}
          emptyText="-"
        />
      </Datagrid>
    </List>
  );
}
