import { Grid } from '@mui/material';
import type { AdminApartment } from '@porta/contracts';
import {
  BooleanField,
  EditButton,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { ApartmentResidents } from './ApartmentResidents';
import { ApartmentScheduledChanges } from './ScheduledChanges';

function ApartmentActions() {
  const { permissions } = usePermissions<StaffPermissions>();
  return <TopToolbar>{permissions?.can.housingCompaniesEdit ? <EditButton /> : null}</TopToolbar>;
}

/** The users with a role in the apartment, and its scheduled changes. */
function Residents() {
  const record = useRecordContext<AdminApartment>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return (
    <>
      {permissions?.can.usersRead ? <ApartmentResidents apartmentId={record.id} /> : null}
      {permissions?.can.usersManage ? (
        <ApartmentScheduledChanges apartmentId={record.id} apartmentLabel={record.aptext} canManage />
      ) : null}
    </>
  );
}

/**
 * /admin/apartments/:id/show: an apartment (03 §2 apartment view) — its details beside its
 * residents and scheduled changes where the width allows, one above the other on a phone.
 */
export default function ApartmentShow() {
  return (
    <Show actions={<ApartmentActions />}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
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
          </SimpleShowLayout>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ px: 2, pb: 2 }}>
          <Residents />
        </Grid>
      </Grid>
    </Show>
  );
}
