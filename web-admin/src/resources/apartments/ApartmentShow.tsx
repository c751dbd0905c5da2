import { Typography } from '@mui/material';
import type { AdminApartment } from '@porta/contracts';
import {
  BooleanField,
  Datagrid,
  EditButton,
  NumberField,
  ReferenceField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { RolesField } from '../users/fields';
import { ApartmentScheduledChanges } from './ScheduledChanges';

function ApartmentActions() {
  const { permissions } = usePermissions<StaffPermissions>();
  return <TopToolbar>{permissions?.can.housingCompaniesEdit ? <EditButton /> : null}</TopToolbar>;
}

/** The users with a role in the apartment, and its scheduled changes. */
function Residents(_props: { label: false }) {
  const record = useRecordContext<AdminApartment>();
  const translate = useTranslate();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return (
    <>
      {permissions?.can.usersRead ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {translate('porta.apartments.residents')}
          </Typography>
          <ReferenceManyField
            reference="users"
            target="apartmentId"
            sort={{ field: 'lastName', order: 'ASC' }}
            perPage={50}
          >
            <Datagrid
              rowClick="show"
              bulkActionButtons={false}
              empty={<span>{translate('porta.apartments.no_residents')}</span>}
            >
              <TextField source="email" />
              <TextField source="firstName" />
              <TextField source="lastName" />
              <RolesField source="roles" sortable={false} />
            </Datagrid>
          </ReferenceManyField>
        </>
      ) : null}
      {permissions?.can.usersManage ? (
        <ApartmentScheduledChanges apartmentId={record.id} apartmentLabel={record.aptext} canManage />
      ) : null}
    </>
  );
}

/** /admin/apartments/:id/show: an apartment (03 §2 apartment view). */
export default function ApartmentShow() {
  return (
    <Show actions={<ApartmentActions />}>
      <SimpleShowLayout>
        <ReferenceField source="housingCompanyId" reference="housing-companies" />
        <TextField source="aptext" />
        <TextField source="no" />
        <TextField source="externalName" emptyText="-" />
        <TextField source="apartmentNumber" emptyText="-" />
        <TextField source="visibleApartmentNumber" emptyText="-" />
        <NumberField source="floorNumber" emptyText="-" />
        <NumberField source="size" emptyText="-" />
        <NumberField source="rooms" emptyText="-" />
        <NumberField source="numberOfShares" emptyText="-" />
        <TextField source="shareNumbers" emptyText="-" />
        <BooleanField source="terrace" />
        <BooleanField source="balcony" />
        <BooleanField source="sauna" />
        <Residents label={false} />
      </SimpleShowLayout>
    </Show>
  );
}
