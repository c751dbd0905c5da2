import {
  CreateButton,
  Datagrid,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';
import { CopyToHousingCompaniesButton } from '../../content/copy';
import { DateTimeField } from '../../content/dates';
import { AuthorField, StatusField } from '../../content/fields';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { STATUS_CHOICES } from '../../content/PublicationInputs';
import { ARTICLE_TYPE_CHOICES } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="articleType" source="articleType" choices={ARTICLE_TYPE_CHOICES} alwaysOn />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <NullableBooleanInput
    key="scheduled"
    source="scheduled"
    label="porta.content.filters.scheduled"
    alwaysOn
  />,
];

/**
 * /admin/news (03 §2): articles the viewer reaches, newest publish time first; search, filter by
 * state, type, housing company and scheduling; writers create and copy.
 */
export default function ArticleList() {
  const can = useCan();
  const write = !!can?.contentWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'publishAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid
        rowClick={rowClickFor(write)}
        bulkActionButtons={write ? <CopyToHousingCompaniesButton /> : false}
      >
        <TextField source="title" />
        <SelectField source="articleType" choices={ARTICLE_TYPE_CHOICES} />
        <StatusField source="status" />
        <DateTimeField source="publishAt" emptyText="porta.common.none" />
        <AuthorField source="author" sortable={false} />
        <DateTimeField source="updatedAt" />
      </Datagrid>
    </List>
  );
}
