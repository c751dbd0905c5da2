import { Chip, Stack } from '@mui/material';
import type { PartnerCompany } from '@porta/contracts';
import {
  BooleanField,
  ChipField,
  EditButton,
  ReferenceArrayField,
  ReferenceField,
  SelectField,
  Show,
  SingleFieldList,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  UrlField,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { TYPE_CHOICES } from './fields';
import { PartnerCompanyUsers } from './PartnerCompanyUsers';

function Actions() {
  const { permissions } = usePermissions<StaffPermissions>();
  return <TopToolbar>{permissions?.can.partnersManage ? <EditButton /> : null}</TopToolbar>;
}

function ZipsField(_props: { source: string; label?: string }) {
  const record = useRecordContext<PartnerCompany>();
  if (!record) return null;
  if (record.operationalAreaZips.length === 0) return <span>-</span>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.operationalAreaZips.map((zip) => (
        <Chip key={zip} size="small" label={zip} />
      ))}
    </Stack>
  );
}

/** The key contact's name, for viewers who may look users up. */
function KeyContactField(_props: { source: string; label?: string }) {
  const { permissions } = usePermissions<StaffPermissions>();
  if (!permissions?.can.usersRead) return null;
  return <ReferenceField source="keyContactUserId" reference="users" link="show" emptyText="-" />;
}

function UsersTab(_props: { label: false }) {
  const record = useRecordContext<PartnerCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return <PartnerCompanyUsers company={record} canManage={!!permissions?.can.partnersManage} />;
}

/** /admin/partner-companies/:id/show: details, operational area, users and key contact. */
export default function PartnerCompanyShow() {
  return (
    <Show actions={<Actions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="porta.partner_companies.tabs.details">
          <TextField source="name" />
          <SelectField source="type" choices={TYPE_CHOICES} />
          <TextField source="businessId" emptyText="-" />
          <TextField source="externalId" emptyText="-" />
          <BooleanField source="active" />
          <TextField source="street" emptyText="-" />
          <TextField source="zip" emptyText="-" />
          <TextField source="city" emptyText="-" />
          <TextField source="country" emptyText="-" />
          <TextField source="phone" emptyText="-" />
          <TextField source="email" emptyText="-" />
          <UrlField source="webPageUrl" emptyText="-" />
          <TextField source="description" emptyText="-" />
          <KeyContactField source="keyContactUserId" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="porta.partner_companies.tabs.area" path="area">
          <ZipsField source="operationalAreaZips" />
          <ReferenceArrayField source="operationalAreaTaxonomies" reference="taxonomy-terms">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="porta.partner_companies.tabs.users" path="users">
          <UsersTab label={false} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
