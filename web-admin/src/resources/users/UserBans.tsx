import AddIcon from '@mui/icons-material/Add';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Alert, TableCell, Typography } from '@mui/material';
import type { Ban } from '@porta/contracts';
import { useState } from 'react';
import {
  Button,
  Confirm,
  DateInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  required,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useIdentityGet, usePortaCalls } from '../../common/api';
import { formatDay, todayIso } from '../../common/dates';
import { FormDialog } from '../../common/FormDialog';
import { HousingCompanyInput } from '../../common/inputs';
import { RelatedSection, RelatedTable, RowAction, useRemoval } from '../../common/RelatedRows';
import { notInPast } from '../../common/validation';

interface BanForm extends Record<string, unknown> {
  scope: 'global' | 'housingCompany';
  housingCompanyId?: string | null;
  expiryDate?: string | null;
  reason?: string | null;
}

/** The expiry date's helper: the ban ends at the end of that day, shown as DD.MM.YYYY. */
function ExpiryHelp({ date }: { date: string | null | undefined }) {
  const translate = useTranslate();
  const day = formatDay(date);
  return (
    <Typography variant="body2" sx={{ mt: -1, mb: 2 }} aria-live="polite">
      {day ? translate('porta.bans.ends_on', { date: day }) : translate('porta.bans.end_of_day')}
    </Typography>
  );
}

/** Ban a user: in one housing company (preset with `housingCompanyId`) or everywhere, until the end of a day. */
export function BanDialog({
  userId,
  housingCompanyId,
  open,
  onClose,
  onDone,
}: {
  userId: string;
  housingCompanyId?: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { call } = usePortaCalls();
  return (
    <FormDialog<BanForm>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title="porta.bans.add"
      saveLabel="porta.bans.ban"
      success="porta.bans.added"
      defaultValues={{
        scope: 'housingCompany',
        housingCompanyId: housingCompanyId ?? null,
        expiryDate: todayIso(),
      }}
      onSubmit={(values) =>
        call('POST', `/admin/users/${userId}/bans`, {
          body: {
            expiryDate: values.expiryDate,
            housingCompanyId: values.scope === 'global' ? null : values.housingCompanyId,
            ...(values.reason ? { reason: values.reason } : {}),
          },
        })
      }
    >
      <RadioButtonGroupInput
        source="scope"
        label="porta.bans.scope"
        choices={[
          { id: 'housingCompany', name: 'porta.bans.scope_housing_company' },
          { id: 'global', name: 'porta.bans.scope_global' },
        ]}
      />
      <FormDataConsumer<BanForm>>
        {({ formData }) => (
          <>
            {formData.scope === 'housingCompany' ? (
              <HousingCompanyInput source="housingCompanyId" validate={required()} />
            ) : null}
            <DateInput
              source="expiryDate"
              label="porta.bans.expiry_date"
              validate={[required(), notInPast]}
              helperText={false}
            />
            <ExpiryHelp date={formData.expiryDate} />
          </>
        )}
      </FormDataConsumer>
      <TextInput source="reason" label="porta.bans.reason" multiline fullWidth />
    </FormDialog>
  );
}

/**
 * Bans of a user (03 §4, §6): banned from commenting in one housing company or everywhere, until
 * the end of the expiry day. Staff who may ban list, add and lift them.
 */
export function UserBans({ userId }: { userId: string }) {
  const translate = useTranslate();
  const { data, error, reload } = useIdentityGet<Ban[]>(`/admin/users/${userId}/bans`);
  const [open, setOpen] = useState(false);
  const lifting = useRemoval<Ban>({
    path: (ban) => `/admin/users/${userId}/bans/${ban.id}`,
    success: 'porta.bans.lifted',
    onDone: reload,
  });

  const scopeOf = (ban: Ban) => ban.housingCompanyName ?? translate('porta.bans.scope_global');

  return (
    <RelatedSection
      title="porta.bans.title"
      sx={{ width: '100%' }}
      action={
        <Button label="porta.bans.add" onClick={() => setOpen(true)}>
          <AddIcon />
        </Button>
      }
    >
      {error ? <Alert severity="error">{translate('porta.common.load_failed')}</Alert> : null}
      {data ? (
        <RelatedTable
          label="porta.bans.title"
          columns={['porta.bans.scope', 'porta.bans.expiry_date', 'porta.bans.reason', 'porta.bans.state']}
          rows={data}
          rowKey={(ban) => ban.id}
          empty="porta.bans.none"
          cells={(ban) => (
            <>
              <TableCell>{scopeOf(ban)}</TableCell>
              <TableCell>{formatDay(ban.expiryDate)}</TableCell>
              <TableCell>{ban.reason ?? '-'}</TableCell>
              <TableCell>{translate(ban.active ? 'porta.bans.active' : 'porta.bans.ended')}</TableCell>
            </>
          )}
          actions={(ban) =>
            ban.active ? (
              <RowAction
                tooltip="porta.bans.lift"
                label="porta.bans.lift_label"
                labelArgs={{ scope: scopeOf(ban) }}
                icon={<LockOpenIcon />}
                onClick={() => lifting.ask(ban)}
                disabled={lifting.busy}
              />
            ) : null
          }
        />
      ) : null}
      <BanDialog userId={userId} open={open} onClose={() => setOpen(false)} onDone={reload} />
      <Confirm
        {...lifting.confirmProps}
        title="porta.bans.lift"
        content="porta.bans.lift_content"
        contentTranslateOptions={{ scope: lifting.pending ? scopeOf(lifting.pending) : '' }}
      />
    </RelatedSection>
  );
}
