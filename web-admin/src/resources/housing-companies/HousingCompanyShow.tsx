import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Divider, Stack } from '@mui/material';
import type { AdminHousingCompany } from '@porta/contracts';
import {
  BooleanField,
  Button,
  CreateButton,
  Datagrid,
  EditButton,
  LinkBase,
  NumberField,
  Pagination,
  ReferenceField,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  useBasename,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { DayField } from '../../common/dates';
import { FieldSection, FieldSections } from '../../common/FieldSections';
import { ServiceRequestGrid } from '../service-requests/ServiceRequestList';
import { NameField, StateField } from './fields';
import { HousingCompanyApartmentImages } from './HousingCompanyApartmentImages';
import { HousingCompanyFeatures } from './HousingCompanyFeatures';
import { HousingCompanyImages } from './HousingCompanyImages';
import { HousingCompanyModeration } from './HousingCompanyModeration';
import { HousingCompanyPartners } from './HousingCompanyPartners';
import { HousingCompanyReminders } from './HousingCompanyReminders';
import { HousingCompanyWarranty } from './HousingCompanyWarranty';

function HousingCompanyActions() {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  const basename = useBasename();
  if (!record) return <TopToolbar />;
  const edit = !!permissions?.can.housingCompaniesEdit;
  return (
    <TopToolbar>
      {permissions?.can.stepsRead ? (
        <Button
          component={LinkBase}
          to={`${basename}/housing-companies/${record.id}/steps`}
          label="porta.content.steps.title"
        >
          <TimelineIcon />
        </Button>
      ) : null}
      {edit ? (
        <Button
          component={LinkBase}
          to={`${basename}/housing-companies/${record.id}/wizard`}
          label="porta.wizard.open"
        >
          <AutoFixHighIcon />
        </Button>
      ) : null}
      {edit ? <EditButton /> : null}
    </TopToolbar>
  );
}

function ApartmentsTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return (
    <>
      {permissions?.can.housingCompaniesEdit ? (
        <CreateButton resource="apartments" state={{ record: { housingCompanyId: record.id } }} />
      ) : null}
      <ReferenceManyField
        reference="apartments"
        target="housingCompanyId"
        sort={{ field: 'aptext', order: 'ASC' }}
        perPage={25}
        pagination={<Pagination />}
      >
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<span />}>
          <TextField source="aptext" />
          <TextField source="no" />
          <TextField source="apartmentNumber" />
          <NumberField source="floorNumber" />
          <NumberField source="size" />
          <NumberField source="rooms" />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}

function PartnersTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return (
    <HousingCompanyPartners housingCompanyId={record.id} canManage={!!permissions?.can.partnersManage} />
  );
}

function FeaturesTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return (
    <HousingCompanyFeatures
      housingCompanyId={record.id}
      buildingTaxonomyTermId={record.buildingTaxonomyTermId}
      canEditToggles={!!permissions?.can.featureToggles}
    />
  );
}

/**
 * The company's picture and its apartments' images matched by file name (03: /admin/housing-company/{id}/images,
 * 03 §5): editors upload, replace and remove them.
 */
function ImagesTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  const canEdit = !!permissions?.can.housingCompaniesEdit;
  return (
    <Stack spacing={4} sx={{ width: '100%' }}>
      <HousingCompanyImages housingCompanyId={record.id} name={record.name} canEdit={canEdit} />
      <Divider />
      <HousingCompanyApartmentImages housingCompanyId={record.id} canEdit={canEdit} />
    </Stack>
  );
}

/** Violation reports and bans of the company (03: /admin/housing-company/{id}/moderation). */
function ModerationTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  if (!record) return null;
  return <HousingCompanyModeration housingCompanyId={record.id} />;
}

/** Residents not registered yet, and reminders to them (03: /admin/housing-company/{id}/reminder). */
function ReminderTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return (
    <HousingCompanyReminders
      housingCompanyId={record.id}
      name={record.name}
      canSend={!!permissions?.can.usersManage}
    />
  );
}

/** The warranty process's dates and contacts (03: /admin/housing-company/{id}/warranty). */
function WarrantyTab(_props: { label: false }) {
  const record = useRecordContext<AdminHousingCompany>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record) return null;
  return <HousingCompanyWarranty record={record} canEdit={!!permissions?.can.housingCompaniesEdit} />;
}

/** The company's service requests (03: /admin/housing-company/{id}/service-requests), 25 a page. */
function ServiceRequestsTab(_props: { label: false }) {
  return (
    <ReferenceManyField
      reference="service-requests"
      target="housingCompanyId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination />}
    >
      <ServiceRequestGrid withHousingCompany={false} />
    </ReferenceManyField>
  );
}

/**
 * /admin/housing-companies/:id/show: details, images, apartments, partners, features and service
 * requests (03 §2). The picture is the content service's: its tab is for the developer's staff and
 * the company's own staff-app roles (the content service's reach), and the housing-company editors.
 */
export default function HousingCompanyShow() {
  const { permissions } = usePermissions<StaffPermissions>();
  const images = !!permissions?.can.housingCompaniesEdit || !!permissions?.can.contentRead;
  return (
    <Show actions={<HousingCompanyActions />}>
      <TabbedShowLayout
        tabs={
          <TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" sx={{ contain: 'inline-size' }} />
        }
      >
        <TabbedShowLayout.Tab label="porta.housing_companies.tabs.details">
          <FieldSections label={false}>
            <FieldSection title="porta.housing_companies.groups.basic">
              <NameField source="name" />
              <TextField source="marketingName" emptyText="-" />
              <TextField source="hcExt" />
              <TextField source="businessUnit" emptyText="-" />
              <TextField source="buildingType" emptyText="-" />
              <ReferenceField
                source="buildingTaxonomyTermId"
                reference="taxonomy-terms"
                link={false}
                emptyText="-"
              />
              <NumberField source="numberOfApartments" emptyText="-" />
              <TextField source="id" />
            </FieldSection>
            <FieldSection title="porta.housing_companies.groups.address">
              <TextField source="addressStreet" emptyText="-" />
              <TextField source="addressZip" emptyText="-" />
              <TextField source="addressCity" emptyText="-" />
              <TextField source="addressArea" emptyText="-" />
              <TextField source="addressCountry" emptyText="-" />
            </FieldSection>
            <FieldSection title="porta.housing_companies.groups.dates">
              <StateField source="state" />
              <DayField source="completionDate" emptyText="porta.common.none" />
              <DayField source="finalizationDate" emptyText="porta.common.none" />
            </FieldSection>
            <FieldSection title="porta.housing_companies.groups.settings">
              <BooleanField source="wizardCompleted" />
              <BooleanField source="lifecycleStepsActive" />
            </FieldSection>
          </FieldSections>
        </TabbedShowLayout.Tab>
        {images ? (
          <TabbedShowLayout.Tab label="porta.housing_companies.tabs.images" path="images">
            <ImagesTab label={false} />
          </TabbedShowLayout.Tab>
        ) : null}
        <TabbedShowLayout.Tab label="porta.housing_companies.tabs.apartments" path="apartments">
          <ApartmentsTab label={false} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="porta.housing_companies.tabs.partners" path="partners">
          <PartnersTab label={false} />
        </TabbedShowLayout.Tab>
        {permissions?.can.serviceRequests ? (
          <TabbedShowLayout.Tab label="porta.housing_companies.tabs.service_requests" path="service-requests">
            <ServiceRequestsTab label={false} />
          </TabbedShowLayout.Tab>
        ) : null}
        {permissions?.can.communityModerate || permissions?.can.usersRead ? (
          <TabbedShowLayout.Tab label="porta.housing_companies.tabs.moderation" path="moderation">
            <ModerationTab label={false} />
          </TabbedShowLayout.Tab>
        ) : null}
        {permissions?.can.usersManage ? (
          <TabbedShowLayout.Tab label="porta.housing_companies.tabs.reminder" path="reminder">
            <ReminderTab label={false} />
          </TabbedShowLayout.Tab>
        ) : null}
        <TabbedShowLayout.Tab label="porta.housing_companies.tabs.warranty" path="warranty">
          <WarrantyTab label={false} />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="porta.housing_companies.tabs.features" path="features">
          <FeaturesTab label={false} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
