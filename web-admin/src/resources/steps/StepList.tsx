import {
  CreateButton,
  Datagrid,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DayField } from '../../common/dates';
import { HousingCompanyInput } from '../../common/inputs';
import { CopyToHousingCompaniesButton } from '../../content/copy';
import { StatusField, TargetingField } from '../../content/fields';
import { ListEmpty, rowClickFor, useCan } from '../../content/kit';
import { STATUS_CHOICES } from '../../content/PublicationInputs';

const filters = [
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/** The steps' table, ordered by start date (03 §3), for the list and a housing company's steps. */
export function StepGrid({ write, showTargets = true }: { write: boolean; showTargets?: boolean }) {
  return (
    <Datagrid
      rowClick={rowClickFor(write)}
      bulkActionButtons={write ? <CopyToHousingCompaniesButton /> : false}
    >
      <DayField source="dateStart" emptyText="porta.content.steps.no_date" />
      <TextField source="title" />
      <ReferenceField source="parentId" reference="steps" link={false} emptyText="-" sortable={false} />
      {showTargets ? (
        <TargetingField source="targeting" label="porta.content.sections.audience" sortable={false} />
      ) : null}
      <StatusField source="status" sortable={false} />
    </Datagrid>
  );
}

/** /admin/steps: lifecycle steps, filtered by housing company, oldest start date first. */
export default function StepList() {
  const can = useCan();
  const write = !!can?.stepsWrite;
  return (
    <List
      filters={filters}
      sort={{ field: 'dateStart', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{write ? <CreateButton /> : null}</TopToolbar>}
      empty={<ListEmpty canCreate={write} />}
    >
      <StepGrid write={write} />
    </List>
  );
}
