import type { AdminUser } from '@porta/contracts';
import {
  BooleanField,
  Show,
  TabbedShowLayout,
  TextField,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { FieldSection, FieldSections } from '../../common/FieldSections';
import { RolesField, UserDateField } from './fields';
import { UserActions } from './UserActions';
import { UserBans } from './UserBans';
import { UserRoles } from './UserRoles';

function RolesTab(_props: { label: false }) {
  const record = useRecordContext<AdminUser>();
  return record ? <UserRoles user={record} /> : null;
}

function BansTab(_props: { label: false }) {
  const record = useRecordContext<AdminUser>();
  return record ? <UserBans userId={record.id} /> : null;
}

/** /admin/users/:id/show: one user's account, roles and bans (03 §1 user page). */
export default function UserShow() {
  const { permissions } = usePermissions<StaffPermissions>();
  const can = permissions?.can;
  return (
    <Show actions={<UserActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="porta.users.tabs.details">
          <FieldSections label={false}>
            <FieldSection title="porta.users.sections.person">
              <TextField source="firstName" />
              <TextField source="lastName" />
              <TextField source="email" />
              <TextField source="phone" emptyText="-" />
              <TextField source="locale" />
              <BooleanField source="publicProfile" />
            </FieldSection>
            <FieldSection title="porta.users.sections.account">
              <RolesField source="roles" />
              <BooleanField source="enabled" />
              <BooleanField source="registered" />
              <UserDateField source="createdAt" />
              <UserDateField source="lastLoginAt" />
              <TextField source="source" />
              <TextField source="externalId" emptyText="-" />
              <TextField source="id" />
            </FieldSection>
          </FieldSections>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="porta.users.tabs.roles" path="roles">
          <RolesTab label={false} />
        </TabbedShowLayout.Tab>
        {can?.usersBan ? (
          <TabbedShowLayout.Tab label="porta.users.tabs.bans" path="bans">
            <BansTab label={false} />
          </TabbedShowLayout.Tab>
        ) : null}
      </TabbedShowLayout>
    </Show>
  );
}
