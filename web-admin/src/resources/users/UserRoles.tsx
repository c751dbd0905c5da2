import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import { Alert, Stack, TableCell, Typography } from '@mui/material';
import {
  type AdminApartmentRole,
  type AdminHousingCompanyRole,
  type AdminUser,
  type AdminUserRoles,
  APARTMENT_ROLES,
  GLOBAL_ROLES,
  HOUSING_COMPANY_ROLES,
  NON_REMOVABLE_ROLES,
  type Role,
} from '@porta/contracts';
import { useState } from 'react';
import {
  Button,
  CheckboxGroupInput,
  Confirm,
  DateInput,
  FormDataConsumer,
  required,
  usePermissions,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { useChange, useIdentityGet, usePortaCalls } from '../../common/api';
import { formatDay } from '../../common/dates';
import { FormDialog } from '../../common/FormDialog';
import { ApartmentInput, HousingCompanyInput } from '../../common/inputs';
import { RelatedSection, RelatedTable, RowAction } from '../../common/RelatedRows';
import { RoleChips, RoleInput, roleChoices, useRoleLabel } from '../../common/roles';
import { notBefore } from '../../common/validation';
import { problemCode } from '../../data/http-client';
import { ScheduleChangeDialog, ScheduledChangeTable } from '../apartments/ScheduledChanges';

/** A role the staff user is about to remove. */
type Removal =
  | { kind: 'apartment'; role: AdminApartmentRole; own: boolean }
  | { kind: 'housingCompany'; role: AdminHousingCompanyRole; own: boolean };

function removalPath(userId: string, removal: Removal): string {
  return removal.kind === 'apartment'
    ? `/admin/users/${userId}/apartment-roles/${removal.role.apartmentId}/${removal.role.role}`
    : `/admin/users/${userId}/housing-company-roles/${removal.role.housingCompanyId}/${removal.role.role}`;
}

function removalTarget(removal: Removal): string {
  return removal.kind === 'apartment'
    ? `${removal.role.aptext}, ${removal.role.housingCompanyName}`
    : removal.role.housingCompanyName;
}

function Validity({ from, until }: { from: string | null; until: string | null }) {
  return (
    <>
      <TableCell>{formatDay(from) || '-'}</TableCell>
      <TableCell>{formatDay(until) || '-'}</TableCell>
    </>
  );
}

interface HousingCompanyRoleForm extends Record<string, unknown> {
  housingCompanyId?: string;
  role?: string;
  validFrom?: string | null;
  validUntil?: string | null;
}

interface ApartmentRoleForm extends HousingCompanyRoleForm {
  apartmentId?: string;
}

/** What the dialogs of the roles tab take. */
interface RoleDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Only the fields the API takes, without empty values. */
function validity(values: { validFrom?: string | null; validUntil?: string | null }) {
  return {
    ...(values.validFrom ? { validFrom: values.validFrom } : {}),
    ...(values.validUntil ? { validUntil: values.validUntil } : {}),
  };
}

/** The role (one of `roles`) and the days it is valid from and until, of a role dialog. */
function RoleValidityInputs({ roles }: { roles: readonly string[] }) {
  return (
    <>
      <RoleInput roles={roles} />
      <DateInput source="validFrom" label="porta.fields.validFrom" />
      <DateInput source="validUntil" label="porta.fields.validUntil" validate={notBefore('validFrom')} />
    </>
  );
}

function AddApartmentRoleDialog({ userId, open, onClose, onDone }: RoleDialogProps) {
  const { call } = usePortaCalls();
  return (
    <FormDialog<ApartmentRoleForm>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title="porta.user_roles.add_apartment_role"
      success="porta.user_roles.added"
      defaultValues={{ role: 'owner' }}
      onSubmit={(values) =>
        call('POST', `/admin/users/${userId}/apartment-roles`, {
          body: { apartmentId: values.apartmentId, role: values.role, ...validity(values) },
        })
      }
    >
      <HousingCompanyInput source="housingCompanyId" validate={required()} />
      <FormDataConsumer<ApartmentRoleForm>>
        {({ formData }) => (
          <ApartmentInput
            source="apartmentId"
            housingCompanyId={formData.housingCompanyId}
            validate={required()}
          />
        )}
      </FormDataConsumer>
      <RoleValidityInputs roles={APARTMENT_ROLES} />
    </FormDialog>
  );
}

function AddHousingCompanyRoleDialog({ userId, open, onClose, onDone }: RoleDialogProps) {
  const { call } = usePortaCalls();
  return (
    <FormDialog<HousingCompanyRoleForm>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title="porta.user_roles.add_housing_company_role"
      success="porta.user_roles.added"
      defaultValues={{ role: 'boardMember' }}
      onSubmit={(values) =>
        call('POST', `/admin/users/${userId}/housing-company-roles`, {
          body: { housingCompanyId: values.housingCompanyId, role: values.role, ...validity(values) },
        })
      }
    >
      <HousingCompanyInput source="housingCompanyId" validate={required()} />
      <RoleValidityInputs roles={HOUSING_COMPANY_ROLES} />
    </FormDialog>
  );
}

function GlobalRolesDialog({
  userId,
  roles,
  open,
  onClose,
  onDone,
}: RoleDialogProps & { roles: readonly Role[] }) {
  const { call } = usePortaCalls();
  const current = roles.filter((role) => (GLOBAL_ROLES as readonly Role[]).includes(role));
  return (
    <FormDialog<{ roles: Role[] }>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title="porta.user_roles.edit_global_roles"
      success="porta.user_roles.saved"
      defaultValues={{ roles: current }}
      onSubmit={(values) =>
        call('PUT', `/admin/users/${userId}/global-roles`, { body: { roles: values.roles ?? [] } })
      }
    >
      <CheckboxGroupInput
        source="roles"
        label="porta.user_roles.global"
        choices={roleChoices(GLOBAL_ROLES)}
        row={false}
      />
    </FormDialog>
  );
}

/**
 * The roles tab of a user page (03 §1, §4, §6): global roles, roles per housing company and per
 * apartment with their validity, and the scheduled changes that concern the user. Removing a role
 * asks for confirmation; removing one's own role is permanent and says so (and is sent with
 * `?confirm=true`); the site administrator role is not removable here.
 */
export function UserRoles({ user }: { user: AdminUser }) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const { permissions } = usePermissions<StaffPermissions>();
  const canManage = !!permissions?.can.usersManage;
  const isSelf = permissions?.userId === user.id;
  const { data, error, reload } = useIdentityGet<AdminUserRoles>(`/admin/users/${user.id}/roles`);
  const refresh = useRefresh();
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [dialog, setDialog] = useState<'apartment' | 'housingCompany' | 'global' | null>(null);
  const [scheduleFor, setScheduleFor] = useState<AdminApartmentRole | null>(null);

  if (error) return <Alert severity="error">{translate('porta.common.load_failed')}</Alert>;
  if (!data) return null;

  const remove = async () => {
    if (!removal) return;
    const done = await run(
      () =>
        call('DELETE', removalPath(user.id, removal), {
          query: removal.own ? { confirm: 'true' } : undefined,
        }),
      {
        success: 'porta.user_roles.removed',
        // The server asks for the confirmation of a permanent removal: show it.
        handle: (e) => {
          if (problemCode(e) !== 'IDN_OWN_ROLE_CONFIRM_REQUIRED' || removal.own) return false;
          setRemoval({ ...removal, own: true });
          return true;
        },
      },
    );
    if (done.ok) {
      setRemoval(null);
      reload();
    } else if (problemCode(done.error) !== 'IDN_OWN_ROLE_CONFIRM_REQUIRED' || removal.own) {
      setRemoval(null);
    }
  };

  const removeButton = (target: Removal) => (
    <RowAction
      label="porta.user_roles.remove_label"
      labelArgs={{ role: roleLabel(target.role.role), target: removalTarget(target) }}
      icon={<DeleteIcon />}
      onClick={() => setRemoval(target)}
      disabled={busy}
    />
  );

  const pendingChanges = data.scheduledChanges.filter((change) => change.pending);

  return (
    <Stack sx={{ width: '100%' }}>
      <RelatedSection
        region
        sx={{ mb: 3 }}
        title="porta.user_roles.global"
        action={
          permissions?.can.globalRoles ? (
            <Button label="porta.user_roles.edit_global_roles" onClick={() => setDialog('global')}>
              <EditIcon />
            </Button>
          ) : null
        }
      >
        {data.global.length > 0 ? (
          <RoleChips roles={data.global} />
        ) : (
          <Typography variant="body2">{translate('porta.user_roles.none')}</Typography>
        )}
      </RelatedSection>

      <RelatedSection
        region
        sx={{ mb: 3 }}
        title="porta.user_roles.apartments"
        action={
          canManage ? (
            <Button label="porta.user_roles.add_apartment_role" onClick={() => setDialog('apartment')}>
              <AddIcon />
            </Button>
          ) : null
        }
      >
        <RelatedTable
          label="porta.user_roles.apartments"
          columns={[
            'porta.fields.housingCompany',
            'porta.fields.apartment',
            'porta.fields.role',
            'porta.fields.validFrom',
            'porta.fields.validUntil',
          ]}
          rows={data.apartments}
          rowKey={(role) => `${role.apartmentId}-${role.role}`}
          empty="porta.user_roles.none"
          cells={(role) => (
            <>
              <TableCell>{role.housingCompanyName}</TableCell>
              <TableCell>{role.aptext}</TableCell>
              <TableCell>{roleLabel(role.role)}</TableCell>
              <Validity from={role.validFrom} until={role.validUntil} />
            </>
          )}
          actions={(role) =>
            canManage ? (
              <>
                <RowAction
                  label="porta.scheduled.schedule_for"
                  labelArgs={{ apartment: role.aptext }}
                  icon={<EventIcon />}
                  onClick={() => setScheduleFor(role)}
                />
                {removeButton({ kind: 'apartment', role, own: isSelf })}
              </>
            ) : null
          }
        />
      </RelatedSection>

      <RelatedSection
        region
        sx={{ mb: 3 }}
        title="porta.user_roles.housing_companies"
        action={
          canManage ? (
            <Button
              label="porta.user_roles.add_housing_company_role"
              onClick={() => setDialog('housingCompany')}
            >
              <AddIcon />
            </Button>
          ) : null
        }
      >
        <RelatedTable
          label="porta.user_roles.housing_companies"
          columns={[
            'porta.fields.housingCompany',
            'porta.fields.role',
            'porta.fields.validFrom',
            'porta.fields.validUntil',
          ]}
          rows={data.housingCompanies}
          rowKey={(role) => `${role.housingCompanyId}-${role.role}`}
          empty="porta.user_roles.none"
          cells={(role) => (
            <>
              <TableCell>{role.housingCompanyName}</TableCell>
              <TableCell>{roleLabel(role.role)}</TableCell>
              <Validity from={role.validFrom} until={role.validUntil} />
            </>
          )}
          actions={(role) =>
            canManage && !NON_REMOVABLE_ROLES.includes(role.role)
              ? removeButton({ kind: 'housingCompany', role, own: isSelf })
              : null
          }
        />
      </RelatedSection>

      <RelatedSection region sx={{ mb: 3 }} title="porta.scheduled.title">
        <ScheduledChangeTable changes={pendingChanges} onRemoved={reload} showApartment />
      </RelatedSection>

      <Confirm
        isOpen={!!removal}
        loading={busy}
        title={removal?.own ? 'porta.user_roles.remove_own_title' : 'porta.user_roles.remove_title'}
        content={removal?.own ? 'porta.user_roles.remove_own_content' : 'porta.user_roles.remove_content'}
        contentTranslateOptions={
          removal ? { role: roleLabel(removal.role.role), target: removalTarget(removal) } : undefined
        }
        confirm={removal?.own ? 'porta.user_roles.remove_own_confirm' : 'ra.action.delete'}
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setRemoval(null)}
      />
      {canManage ? (
        <>
          <AddApartmentRoleDialog
            userId={user.id}
            open={dialog === 'apartment'}
            onClose={() => setDialog(null)}
            onDone={reload}
          />
          <AddHousingCompanyRoleDialog
            userId={user.id}
            open={dialog === 'housingCompany'}
            onClose={() => setDialog(null)}
            onDone={reload}
          />
          {scheduleFor ? (
            <ScheduleChangeDialog
              open
              onClose={() => setScheduleFor(null)}
              onDone={reload}
              apartmentId={scheduleFor.apartmentId}
              apartmentLabel={scheduleFor.aptext}
              defaultRole={scheduleFor.role}
            />
          ) : null}
        </>
      ) : null}
      {permissions?.can.globalRoles ? (
        <GlobalRolesDialog
          userId={user.id}
          roles={data.global}
          open={dialog === 'global'}
          onClose={() => setDialog(null)}
          onDone={() => {
            reload();
            refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
