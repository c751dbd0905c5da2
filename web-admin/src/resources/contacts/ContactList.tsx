import {
  BooleanField,
  CreateButton,
  Datagrid,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';
import { CopyToHousingCompaniesButton } from '../../content/copy';
import { StatusField } from '../../content/fields';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { STATUS_CHOICES } from '../../content/PublicationInputs';
import { ContactGroupsField } from './ContactGroupsField';
import { CONTACT_GROUP_CHOICES } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SelectInput key="contactTaxonomy" source="contactTaxonomy" choices={CONTACT_GROUP_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <NullableBooleanInput key="isPrimary" source="isPrimary" />,
  <NullableBooleanInput key="isDefault" source="isDefault" />,
];

/** /admin/contacts (03 §2: yitUser and propertyManager): the contact cards the viewer reaches. */
export default function ContactList() {
  const can = useCan();
  const write = !!can?.contactsWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid
        rowClick={rowClickFor(write)}
        bulkActionButtons={write ? <CopyToHousingCompaniesButton /> : false}
      >
        <TextField source="name" />
        <TextField source="email" emptyText="-" sortable={false} />
        <TextField source="phoneNumber" emptyText="-" sortable={false} />
        <ContactGroupsField source="contactTaxonomies" sortable={false} />
        <NumberField source="effectivePriority" sortBy="priority" />
        <BooleanField source="isPrimary" sortable={false} />
        <BooleanField source="isDefault" sortable={false} />
        <StatusField source="status" sortable={false} />
      </Datagrid>
    </List>
  );
}
