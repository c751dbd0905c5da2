import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Checkbox,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  type HousingCompanyRegistration,
  REGISTRATION_REMINDER_INTERVAL_HOURS,
  type RegistrationPendingUser,
  type RegistrationRemindersResponse,
} from '@porta/contracts';
import { useId, useState } from 'react';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import { useChange, useIdentityGet, usePortaCalls } from '../../common/api';
import { formatDateTime, formatDay, useHousingCompanyTimeZone } from '../../common/dates';
import { HiddenText } from '../../common/HiddenText';
import { useRoleLabel } from '../../common/roles';

const nameOf = (user: RegistrationPendingUser) => `${user.firstName} ${user.lastName}`.trim();

/** Sent a link so recently that a reminder skips them (the service decides; this only tells). */
function recentlyReminded(user: RegistrationPendingUser, now: number): boolean {
  return (
    !!user.lastInvitationAt &&
    now - Date.parse(user.lastInvitationAt) < REGISTRATION_REMINDER_INTERVAL_HOURS * 3_600_000
  );
}

/** The user's apartments with their roles, and their roles on the company itself. */
function Places({ user }: { user: RegistrationPendingUser }) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const roles = (list: readonly string[]) => list.map(roleLabel).join(', ');
  return (
    <Stack component="span" spacing={0.5}>
      {user.apartments.map((apartment) => (
        <span key={apartment.apartmentId}>
          {apartment.no} ({roles(apartment.roles)})
        </span>
      ))}
      {user.housingCompanyRoles.length > 0 ? (
        <span>
          {translate('porta.housing_companies.reminders.company_roles', {
            roles: roles(user.housingCompanyRoles),
          })}
        </span>
      ) : null}
    </Stack>
  );
}

type Confirming = { kind: 'all' | 'selected'; userIds: string[] | undefined; mails: number; skipped: number };

/**
 * A housing company's "reminder" tab (03 §2 /admin/housing-company/{id}/reminder): the residents
 * added but not registered yet, and for those who manage the company's users (`canSend`, the
 * usersManage capability) the first-login invitation again, to one, the chosen or all of them.
 * Nobody gets a second link within 24 hours; the service skips them and says so.
 */
export function HousingCompanyReminders({
  housingCompanyId,
  name,
  canSend,
}: {
  housingCompanyId: string;
  name: string;
  canSend: boolean;
}) {
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(housingCompanyId);
  const notify = useNotify();
  const headingId = useId();
  const path = `/admin/housing-companies/${housingCompanyId}`;
  const { data, error, isPending, reload } = useIdentityGet<HousingCompanyRegistration>(
    `${path}/registration`,
  );
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const users = data?.users ?? [];
  const chosen = users.filter((user) => selected.has(user.userId));
  const allChosen = users.length > 0 && chosen.length === users.length;

  const toggle = (userId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(users.map((user) => user.userId)));

  const ask = (kind: Confirming['kind']) => {
    const targets = kind === 'all' ? users : chosen;
    const now = Date.now();
    const skipped = targets.filter((user) => recentlyReminded(user, now)).length;
    setConfirming({
      kind,
      userIds: kind === 'all' ? undefined : targets.map((user) => user.userId),
      mails: targets.length - skipped,
      skipped,
    });
  };

  const send = async (userIds: string[] | undefined) => {
    const done = await run(() =>
      call<RegistrationRemindersResponse>('POST', `${path}/registration-reminders`, {
        body: userIds ? { userIds } : {},
      }),
    );
    setConfirming(null);
    if (!done.ok) return;
    const { sent, skipped } = done.result;
    notify('porta.housing_companies.reminders.sent', {
      type: 'info',
      messageArgs: {
        sent,
        skipped: skipped.filter((s) => s.reason === 'recently_sent').length,
      },
    });
    setSelected(new Set());
    reload();
  };

  const now = Date.now();

  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId} sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {translate('porta.housing_companies.reminders.title')}
      </Typography>
      <Typography variant="body2">
        {translate('porta.housing_companies.reminders.intro', { name })}
      </Typography>
      {error ? (
        <Alert severity="error">{translate('porta.housing_companies.reminders.load_failed')}</Alert>
      ) : null}
      {isPending && !data ? <LinearProgress aria-label={translate('ra.page.loading')} /> : null}
      {data ? (
        <>
          <Typography variant="body1" role="status">
            {translate('porta.housing_companies.reminders.summary', {
              smart_count: data.counts.notRegistered,
              total: data.counts.members,
            })}
          </Typography>
          {users.length === 0 ? (
            <Alert severity="success">
              {translate('porta.housing_companies.reminders.everyone_registered')}
            </Alert>
          ) : (
            <>
              {canSend ? (
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                  <Button
                    label={'porta.housing_companies.reminders.remind_all'}
                    onClick={() => ask('all')}
                    disabled={busy}
                  >
                    <SendIcon />
                  </Button>
                  <Button
                    label={'porta.housing_companies.reminders.remind_selected'}
                    onClick={() => ask('selected')}
                    disabled={busy || chosen.length === 0}
                  >
                    <SendIcon />
                  </Button>
                </Stack>
              ) : null}
              <Table size="small" aria-labelledby={headingId}>
                <TableHead>
                  <TableRow>
                    {canSend ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allChosen}
                          indeterminate={chosen.length > 0 && !allChosen}
                          onChange={toggleAll}
                          slotProps={{
                            input: {
                              'aria-label': translate('porta.housing_companies.reminders.select_all'),
                            },
                          }}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell>{translate('porta.housing_companies.reminders.name')}</TableCell>
                    <TableCell>{translate('porta.housing_companies.reminders.email')}</TableCell>
                    <TableCell>{translate('porta.housing_companies.reminders.apartments')}</TableCell>
                    <TableCell>{translate('porta.housing_companies.reminders.added')}</TableCell>
                    <TableCell>{translate('porta.housing_companies.reminders.last_reminder')}</TableCell>
                    <TableCell>{translate('porta.housing_companies.reminders.count')}</TableCell>
                    {canSend ? (
                      <TableCell>
                        <HiddenText>{translate('porta.common.actions')}</HiddenText>
                      </TableCell>
                    ) : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {users.map((user) => {
                    const userName = nameOf(user);
                    const recent = recentlyReminded(user, now);
                    return (
                      <TableRow key={user.userId} selected={selected.has(user.userId)}>
                        {canSend ? (
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={selected.has(user.userId)}
                              onChange={() => toggle(user.userId)}
                              slotProps={{
                                input: {
                                  'aria-label': translate('porta.housing_companies.reminders.select_row', {
                                    name: userName,
                                  }),
                                },
                              }}
                            />
                          </TableCell>
                        ) : null}
                        <TableCell>{userName}</TableCell>
                        <TableCell>{user.email}</TableCell>
                        <TableCell>
                          <Places user={user} />
                        </TableCell>
                        <TableCell>{formatDay(user.createdAt)}</TableCell>
                        <TableCell>
                          {user.lastInvitationAt
                            ? formatDateTime(user.lastInvitationAt, timeZone)
                            : translate('porta.housing_companies.reminders.never')}
                        </TableCell>
                        <TableCell>{user.invitationCount}</TableCell>
                        {canSend ? (
                          <TableCell>
                            <Button
                              label={'porta.housing_companies.reminders.send'}
                              aria-label={translate('porta.housing_companies.reminders.send_label', {
                                name: userName,
                              })}
                              title={
                                recent
                                  ? translate('porta.housing_companies.reminders.recently_sent')
                                  : undefined
                              }
                              onClick={() => send([user.userId])}
                              disabled={busy || recent}
                            >
                              <SendIcon />
                            </Button>
                          </TableCell>
                        ) : null}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </>
          )}
        </>
      ) : null}
      <Confirm
        isOpen={!!confirming}
        loading={busy}
        title={
          confirming?.kind === 'all'
            ? 'porta.housing_companies.reminders.confirm_all_title'
            : 'porta.housing_companies.reminders.confirm_selected_title'
        }
        content={
          confirming ? (
            <>
              {translate('porta.housing_companies.reminders.confirm_content', {
                smart_count: confirming.mails,
              })}
              {confirming.skipped > 0
                ? ` ${translate('porta.housing_companies.reminders.confirm_skipped', { count: confirming.skipped })}`
                : null}
            </>
          ) : null
        }
        onConfirm={() => send(confirming?.userIds)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
