import { Datagrid, List, SelectInput, TextField } from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';
import { DateTimeField } from '../../content/dates';
import { ListEmpty } from '../../content/kit';
import { REPORT_TYPE_CHOICES, ReportTypeField, TARGET_TYPE_CHOICES, TargetTypeField } from './fields';

const filters = [
  <HousingCompanyInput key="housingCompanyId" source="housingCompanyId" alwaysOn />,
  <SelectInput key="reportType" source="reportType" choices={REPORT_TYPE_CHOICES} alwaysOn />,
  <SelectInput key="targetType" source="targetType" choices={TARGET_TYPE_CHOICES} alwaysOn />,
];

/**
 * /admin/community-reports (03 §6): residents' violation reports, newest first, of the housing
 * companies the viewer moderates (the developer's staff: all), filtered by housing company, type
 * and what was reported.
 */
export default function ReportList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<ListEmpty canCreate={false} />}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="createdAt" />
        <TextField source="housingCompanyName" sortable={false} />
        <ReportTypeField source="reportType" />
        <TargetTypeField source="targetType" />
        <TextField source="description" sortable={false} emptyText="-" />
        <TextField source="reporterFirstName" sortable={false} />
      </Datagrid>
    </List>
  );
}
