import DeleteIcon from '@mui/icons-material/Delete';
import EventIcon from '@mui/icons-material/Event';
import { Stack, TableCell, Typography } from '@mui/material';
import { APARTMENT_ROLES, type ScheduledRoleChange } from '@porta/contracts';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  Button,
  CheckboxGroupInput,
  Confirm,
  DateInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  required,
  useGetList,
  useGetMany,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useIdentityGet, usePortaCalls } from '../../common/api';
import { formatDay } from '../../common/dates';
import { FormDialog } from '../../common/FormDialog';
import { RelatedTable, RowAction, useRemoval } from '../../common/RelatedRows';
import { RoleInput, useRoleLabel } from '../../common/roles';
import { notInPast } from '../../common/validation';

interface UserLike {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

export function userName(user: UserLike | undefined, fallback = ''): string {
  if (!user) return fallback;
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email || fallback;
}

interface ScheduleForm extends Record<string, unknown> {
  role: string;
  when: 'now' | 'date';
  startDate?: string | null;
  removeUserIds?: string[];
  addUserIds?: string[];
}

/** At least one user is added or removed. */
const someone: Validator = (_value: unknown, values: Record<string, unknown>) => {
  const add = (values.addUserIds as string[] | undefined) ?? [];
  const remove = (values.removeUserIds as string[] | undefined) ?? [];
  return add.length + remove.length === 0 ? 'porta.scheduled.need_user' : undefined;
};

/** The users holding the role in the apartment now: the ones a change may remove. */
function CurrentHolders({ apartmentId, role }: { apartmentId: string; role: string }) {
  const { data = [], isPending } = useGetList<UserLike & { id: string }>('users', {
    filter: { apartmentId, role },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'lastName', order: 'ASC' },
  });
  const translate = useTranslate();
  if (isPending) return null;
  if (data.length === 0) {
    return <Typography variant="body2">{translate('porta.scheduled.no_holders')}</Typography>;
  }
  return (
    <CheckboxGroupInput
      source="removeUserIds"
      label="porta.scheduled.remove_users"
      choices={data.map((user) => ({ id: user.id, name: userName(user) }))}
      translateChoice={false}
      row={false}
    />
  );
}

/**
 * Schedule a role or ownership change of an apartment (03 §4): from a chosen date or now, some users
 * gain the role and some lose it.
 */
export function ScheduleChangeDialog({
  open,
  onClose,
  onDone,
  apartmentId,
  apartmentLabel,
  defaultRole = 'owner',
}: {
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
  apartmentId: string;
  apartmentLabel: string;
  defaultRole?: string;
}) {
  const { call } = usePortaCalls();
  return (
    <FormDialog<ScheduleForm>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title="porta.scheduled.dialog_title"
      titleArgs={{ apartment: apartmentLabel }}
      success="porta.scheduled.created"
      defaultValues={{ role: defaultRole, when: 'date', removeUserIds: [], addUserIds: [] }}
      onSubmit={(values) =>
        call('POST', `/admin/apartments/${apartmentId}/scheduled-changes`, {
          body: {
            role: values.role,
            startDate: values.when === 'now' ? null : values.startDate,
            addUserIds: values.addUserIds ?? [],
            removeUserIds: values.removeUserIds ?? [],
          },
        })
      }
    >
      <RoleInput roles={APARTMENT_ROLES} />
      <RadioButtonGroupInput
        source="when"
        label="porta.scheduled.when"
        choices={[
          { id: 'date', name: 'porta.scheduled.on_date' },
          { id: 'now', name: 'porta.scheduled.now' },
        ]}
      />
      <FormDataConsumer<ScheduleForm>>
        {({ formData }) => (
          <>
            {formData.when === 'date' ? (
              <DateInput
                source="startDate"
                label="porta.scheduled.start_date"
                validate={[required(), notInPast]}
                helperText="porta.scheduled.start_date_help"
              />
            ) : null}
            {formData.role ? <CurrentHolders apartmentId={apartmentId} role={formData.role} /> : null}
          </>
        )}
      </FormDataConsumer>
      <ReferenceArrayInput source="addUserIds" reference="users" sort={{ field: 'email', order: 'ASC' }}>
        <AutocompleteArrayInput
          label="porta.scheduled.add_users"
          optionText={(user: UserLike) => `${userName(user)} (${user.email ?? ''})`}
          validate={someone}
          fullWidth
        />
      </ReferenceArrayInput>
    </FormDialog>
  );
}

/** Scheduled changes with their users and a remove button for the pending ones. */
export function ScheduledChangeTable({
  changes,
  onRemoved,
  showApartment = false,
}: {
  changes: readonly ScheduledRoleChange[];
  onRemoved: () => void;
  showApartment?: boolean;
}) {
  const roleLabel = useRoleLabel();
  const removing = useRemoval<ScheduledRoleChange>({
    path: (change) => `/admin/scheduled-changes/${change.id}`,
    success: 'porta.scheduled.removed',
    onDone: onRemoved,
  });
  const ids = [...new Set(changes.flatMap((c) => [...c.addUserIds, ...c.removeUserIds]))];
  const { data: users = [] } = useGetMany<UserLike & { id: string }>(
    'users',
    { ids },
    { enabled: ids.length > 0 },
  );
  const names = (list: readonly string[]) =>
    list
      .map((id) =>
        userName(
          users.find((u) => u.id === id),
          id,
        ),
      )
      .join(', ') || '-';

  return (
    <>
      <RelatedTable
        label="porta.scheduled.title"
        columns={[
          'porta.scheduled.start_date',
          showApartment && 'porta.fields.apartment',
          'porta.fields.role',
          'porta.scheduled.add_users',
          'porta.scheduled.remove_users',
        ]}
        rows={changes}
        rowKey={(change) => change.id}
        empty="porta.scheduled.none"
        cells={(change) => (
          <>
            <TableCell>{formatDay(change.startDate)}</TableCell>
            {showApartment ? (
              <TableCell>
                {change.aptext} ({change.housingCompanyName})
              </TableCell>
            ) : null}
            <TableCell>{roleLabel(change.role)}</TableCell>
            <TableCell>{names(change.addUserIds)}</TableCell>
            <TableCell>{names(change.removeUserIds)}</TableCell>
          </>
        )}
        actions={(change) =>
          change.pending ? (
            <RowAction
              tooltip="porta.scheduled.remove"
              label="porta.scheduled.remove_label"
              labelArgs={{ date: formatDay(change.startDate) }}
              icon={<DeleteIcon />}
              onClick={() => removing.ask(change)}
              disabled={removing.busy}
            />
          ) : null
        }
      />
      <Confirm
        {...removing.confirmProps}
        title="porta.scheduled.remove"
        content="porta.scheduled.remove_content"
        contentTranslateOptions={{ date: formatDay(removing.pending?.startDate) }}
      />
    </>
  );
}

/** The pending changes of one apartment (GET /admin/apartments/:id/scheduled-changes). */
export function ApartmentScheduledChanges({
  apartmentId,
  apartmentLabel,
  canManage,
}: {
  apartmentId: string;
  apartmentLabel: string;
  canManage: boolean;
}) {
  const translate = useTranslate();
  const { data, reload, error } = useIdentityChanges(apartmentId);
  const [open, setOpen] = useState(false);
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2">
        {translate('porta.scheduled.title')}
      </Typography>
      {error ? <Typography color="error">{translate('porta.common.load_failed')}</Typography> : null}
      {data ? <ScheduledChangeTable changes={data.filter((c) => c.pending)} onRemoved={reload} /> : null}
      {canManage ? (
        <div>
          <ScheduleButton onClick={() => setOpen(true)} />
          <ScheduleChangeDialog
            open={open}
            onClose={() => setOpen(false)}
            onDone={reload}
            apartmentId={apartmentId}
            apartmentLabel={apartmentLabel}
          />
        </div>
      ) : null}
    </Stack>
  );
}

function useIdentityChanges(apartmentId: string) {
  return useIdentityGet<ScheduledRoleChange[]>(`/admin/apartments/${apartmentId}/scheduled-changes`);
}

export function ScheduleButton({
  onClick,
  label = 'porta.scheduled.schedule',
}: {
  onClick: () => void;
  label?: string;
}) {
  return (
    <Button label={label} onClick={onClick}>
      <EventIcon />
    </Button>
  );
}
