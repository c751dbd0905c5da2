import { ADMIN_CALENDAR_DEFAULT } from '@porta/contracts';
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
import { CALENDAR_TYPE_CHOICES } from './fields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="type" source="type" choices={CALENDAR_TYPE_CHOICES} alwaysOn />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <NullableBooleanInput
    key="scheduled"
    source="scheduled"
    label="porta.content.filters.scheduled"
    alwaysOn
  />,
];

/** /admin/calendar (03 §2, §9: 10 a page, latest start first): events, tasks and deadlines. */
export default function CalendarList() {
  const can = useCan();
  const write = !!can?.contentWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'startAt', order: 'DESC' }}
      perPage={ADMIN_CALENDAR_DEFAULT}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <Datagrid
        rowClick={rowClickFor(write)}
        bulkActionButtons={write ? <CopyToHousingCompaniesButton /> : false}
      >
        <TextField source="title" />
        <SelectField source="shownType" choices={CALENDAR_TYPE_CHOICES} sortBy="type" />
        <DateTimeField source="startAt" />
        <DateTimeField source="endAt" emptyText="porta.common.none" />
        <StatusField source="status" />
        <AuthorField source="author" sortable={false} />
      </Datagrid>
    </List>
  );
}
