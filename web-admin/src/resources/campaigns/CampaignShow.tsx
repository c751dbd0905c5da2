import {
  BooleanField,
  NumberField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  UrlField,
} from 'react-admin';
import { DateTimeField } from '../../common/dates';
import {
  AssetsField,
  AuthorField,
  StatusField,
  TargetingField,
  TimeField,
  UserRolesField,
  VariantsField,
} from '../../content/fields';
import { ContentShowActions, useCan } from '../../content/kit';
import { PHASE_CHOICES } from '../articles/fields';
import { CAMPAIGN_TEXTS, KIND_CHOICES } from './fields';

/** /admin/campaigns/:id/show: a campaign or advertisement read-only. */
export default function CampaignShow() {
  const can = useCan();
  return (
    <Show actions={<ContentShowActions canWrite={!!can?.campaignsWrite} />}>
      <SimpleShowLayout>
        <TextField source="title" />
        <SelectField source="isAdvertisement" choices={KIND_CHOICES} />
        <StatusField source="status" />
        <ReferenceField source="shopPartnerId" reference="shop-partners" link={false} emptyText="-" />
        <TextField source="partnerName" emptyText="-" />
        <TimeField source="startAt" />
        <TimeField source="endAt" />
        <TimeField source="stickyUntil" />
        <BooleanField source="urgent" />
        <NumberField
          source="discountPercentage"
          options={{ style: 'percent', maximumFractionDigits: 2 }}
          emptyText="-"
        />
        <UrlField source="link" emptyText="-" />
        <UrlField source="ctaUrl" emptyText="-" />
        <SelectField source="buildingPhase" choices={PHASE_CHOICES} emptyText="porta.content.both_phases" />
        <NumberField source="weeksBeforeCompletion" emptyText="-" />
        <NumberField source="weeksAfterCompletion" emptyText="-" />
        <TextField source="rooms" emptyText="-" />
        <NumberField source="apartmentSizeMin" emptyText="-" />
        <NumberField source="apartmentSizeMax" emptyText="-" />
        <TargetingField source="targeting" label="porta.content.sections.targeting" />
        <UserRolesField source="userRoles" label="porta.content.user_roles" />
        <VariantsField source="variants" label="porta.content.sections.texts" fields={CAMPAIGN_TEXTS} />
        <AssetsField source="image" label="porta.content.fields.image" />
        <AssetsField source="attachments" label="porta.content.fields.attachments" />
        <AuthorField source="author" />
        <DateTimeField source="updatedAt" />
      </SimpleShowLayout>
    </Show>
  );
}
