import {
  BooleanField,
  BooleanInput,
  Datagrid,
  List,
  NumberField,
  ReferenceField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { CsvDownloadButton } from '../../common/CsvDownloadButton';
import { DateTimeField } from '../../common/dates';
import { HousingCompanyInput } from '../../common/inputs';
import { ListEmpty } from '../../content/kit';
import type { Query } from '../../data/data-provider';
import {
  STATUS_CHOICES,
  StatusField,
  TYPE_CHOICES,
  TypeField,
  useServiceRequestsApi,
  VIEW_CHOICES,
} from './fields';

const filters = [
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SelectInput key="view" source="view" choices={VIEW_CHOICES} alwaysOn />,
  <SelectInput key="typeId" source="typeId" choices={TYPE_CHOICES} alwaysOn />,
  <SelectInput key="statusKey" source="statusKey" choices={STATUS_CHOICES} alwaysOn />,
  <TextInput key="q" source="q" alwaysOn />,
  // Pending and not updated for 7 days (the service decides; the dashboard links here with it).
  <BooleanInput key="overdue" source="overdue" />,
];

/**
 * The export's parameters for the list's filters (GET /requests/export: housingCompanyId, filter,
 * type, statusKey, q): the CSV holds what the list shows.
 */
export function exportQuery(filterValues: Record<string, unknown>): Query {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return {
    housingCompanyId: text(filterValues.housingCompanyId),
    filter: text(filterValues.view),
    type: text(filterValues.typeId),
    statusKey: text(filterValues.statusKey),
    q: text(filterValues.q),
  };
}

/** The CSV of the requests the list's filters match (the server names the file). */
function ExportButton() {
  const { filterValues } = useListContext();
  const api = useServiceRequestsApi();
  return (
    <CsvDownloadButton
      label="porta.service_requests.export"
      downloaded="porta.service_requests.exported"
      download={() =>
        api.download('/requests/export', 'service-requests.csv', exportQuery(filterValues ?? {}))
      }
    />
  );
}

/** The requests as rows, newest first unless sorted otherwise; opening one shows it. */
export function ServiceRequestGrid({ withHousingCompany }: { withHousingCompany: boolean }) {
  return (
    <Datagrid
      resource="service-requests"
      rowClick="show"
      bulkActionButtons={false}
      empty={<ListEmpty canCreate={false} />}
    >
      <DateTimeField source="createdAt" housingCompanySource="housingCompanyId" />
      <TextField source="subject" />
      <TypeField source="typeId" />
      <StatusField source="statusKey" />
      <BooleanField source="urgentRequest" sortable={false} />
      <BooleanField source="public" sortable={false} />
      {withHousingCompany ? (
        <ReferenceField source="housingCompanyId" reference="housing-companies" link={false} sortable={false}>
          <TextField source="name" />
        </ReferenceField>
      ) : null}
      <TextField source="sender.name" sortable={false} />
      <TextField source="sender.apartment" sortable={false} emptyText="-" />
      <NumberField source="responseCount" sortable={false} />
    </Datagrid>
  );
}

/**
 * /admin/service-requests (03 §2): the requests of every housing company the viewer handles (the
 * developer's staff: all), newest first, filtered by housing company, view, type, status and
 * words; downloadable as CSV.
 */
export default function ServiceRequestList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      empty={false}
    >
      <ServiceRequestGrid withHousingCompany />
    </List>
  );
}
