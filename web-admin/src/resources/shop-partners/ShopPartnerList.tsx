import {
  CreateButton,
  Datagrid,
  List,
  NumberField,
  ReferenceField,
  SearchInput,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { LogoField } from './LogoField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="country" source="country" alwaysOn />,
  <TextInput key="source" source="source" />,
];

/** /admin/shop-partners: the service shop's partners by name. */
export default function ShopPartnerList() {
  const can = useCan();
  const write = !!can?.siteContentWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid rowClick={rowClickFor(write)} bulkActionButtons={false}>
        <LogoField source="logo" sortable={false} />
        <TextField source="name" />
        <NumberField source="rating" emptyText="-" />
        <NumberField source="ratingsCount" sortable={false} />
        <TextField source="country" emptyText="-" />
        <TextField source="source" sortable={false} />
        <ReferenceField
          source="partnerCompanyId"
          reference="partner-companies"
          link={false}
          emptyText="-"
          sortable={false}
        />
      </Datagrid>
    </List>
  );
}
