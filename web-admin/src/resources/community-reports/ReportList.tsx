import { Datagrid, List, SelectInput, TextField } from 'react-admin';
import { DateTimeField } from '../../common/dates';
import { HousingCompanyInput } from '../../common/inputs';
import { ListEmpty } from '../../content/kit';
import {
  REPORT_STATE_CHOICES,
  REPORT_TYPE_CHOICES,
  ReportStateField,
  ReportTypeField,
  TARGET_TYPE_CHOICES,
  TargetTypeField,
} from './fields';

const filters = [
  <SelectInput key="state" source="state" choices={REPORT_STATE_CHOICES} alwaysOn />,
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SelectInput key="reportType" source="reportType" choices={REPORT_TYPE_CHOICES} alwaysOn />,
  <SelectInput key="targetType" source="targetType" choices={TARGET_TYPE_CHOICES} alwaysOn />,
];

/**
 * /admin/community-reports (03 §6): residents' violation reports, newest first, of the housing
 * companies the viewer moderates (the developer's staff: all), filtered by state (open ones first:
 * those not handled yet), housing company, type and what was reported.
 */
export default function ReportList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ state: 'open' }}
      perPage={25}
      exporter={false}
      empty={<ListEmpty canCreate={false} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="createdAt" housingCompanySource="housingCompanyId" />
        <ReportStateField source="state" sortable={false} />
        <TextField source="housingCompanyName" sortable={false} />
        <ReportTypeField source="reportType" />
        <TargetTypeField source="targetType" />
        <TextField source="description" sortable={false} emptyText="-" />
        <TextField source="reporterFirstName" sortable={false} />
      </Datagrid>
    </List>
  );
}
