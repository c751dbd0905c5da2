import MenuBookIcon from '@mui/icons-material/MenuBook';
import {
  Button,
  CreateButton,
  Datagrid,
  LinkBase,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
  useBasename,
} from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';
import { StatusField } from '../../content/fields';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { STATUS_CHOICES } from '../../content/PublicationInputs';
import { FAQ_KIND_CHOICES } from './fields';

const filters = [
  <SelectInput key="kind" source="kind" choices={FAQ_KIND_CHOICES} alwaysOn />,
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" />,
];

function FaqListActions({ write }: { write: boolean }) {
  const basename = useBasename();
  return (
    <TopToolbar>
      <Button component={LinkBase} to={`${basename}/help`} label="porta.content.help.read">
        <MenuBookIcon />
      </Button>
      {write ? <CreateButton /> : null}
    </TopToolbar>
  );
}

/** /admin/faqs: the residents' FAQ entries and the staff help entries (kind filter), by priority. */
export default function FaqList() {
  const can = useCan();
  const write = !!can?.siteContentWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'priority', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<FaqListActions write={write} />}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid rowClick={rowClickFor(write)} bulkActionButtons={false}>
        <TextField source="title" />
        <SelectField source="kind" choices={FAQ_KIND_CHOICES} sortable={false} />
        <TextField source="faqTaxonomy" emptyText="-" />
        <NumberField source="priority" />
        <StatusField source="status" sortable={false} />
      </Datagrid>
    </List>
  );
}
