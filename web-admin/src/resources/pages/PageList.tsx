import { CreateButton, Datagrid, List, SearchInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { StatusField } from '../../content/fields';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { STATUS_CHOICES } from '../../content/PublicationInputs';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/** /admin/pages: the public pages by address. */
export default function PageList() {
  const can = useCan();
  const write = !!can?.siteContentWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'path', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid rowClick={rowClickFor(write)} bulkActionButtons={false}>
        <TextField source="path" />
        <TextField source="title" />
        <StatusField source="status" sortable={false} />
        <DateTimeField source="updatedAt" />
      </Datagrid>
    </List>
  );
}
