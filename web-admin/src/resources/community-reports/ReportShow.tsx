import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneIcon from '@mui/icons-material/Done';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Card, CardContent, Chip, Button as MuiButton, Stack, Typography } from '@mui/material';
import type { AdminReportDetail, ReportTarget } from '@porta/contracts';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Show,
  SimpleShowLayout,
  TextField,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { useChange, usePortaCalls } from '../../common/api';
import { DateTimeField, formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { COMMUNITY_API } from '../../data/data-provider';
import { BanDialog } from '../users/UserBans';
import { ReportStateField, ReportTypeField, TargetTypeField } from './fields';

/**
 * The page's title names what was reported: "Report on a comment by Timo in “Parking”", the
 * discussion by its title, a comment on a news article as such; a report whose item is unknown or
 * of another kind by its reason and time.
 */
export function reportTitle(
  report: AdminReportDetail,
  translate: (key: string, options?: object) => string,
  timeZone?: string,
) {
  const { target } = report;
  if (target?.kind === 'comment') {
    return target.discussionTitle !== null
      ? translate('porta.community.title_comment', {
          name: target.authorFirstName,
          discussion: target.discussionTitle,
        })
      : translate('porta.community.title_news_comment', { name: target.authorFirstName });
  }
  if (target?.kind === 'discussion') {
    return translate('porta.community.title_discussion', {
      name: target.authorFirstName,
      discussion: target.discussionTitle ?? '',
    });
  }
  return translate('porta.community.title_other', {
    reason: translate(`porta.community.report_types.${report.reportType}`),
    time: formatDateTime(report.createdAt, timeZone),
  });
}

function ReportTitle() {
  const report = useRecordContext<AdminReportDetail>();
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(report?.housingCompanyId);
  return <span>{report ? reportTitle(report, translate, timeZone) : ''}</span>;
}

/**
 * Open or handled, by whom and how, and the moderator's action: mark it handled (looked at, nothing
 * more to do) or reopen it. Deleting the reported item handles it too (the service does).
 */
function ReportState() {
  const report = useRecordContext<AdminReportDetail>();
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(report?.housingCompanyId);
  const refresh = useRefresh();
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  if (!report) return null;
  const handled = report.state === 'handled';
  const change = async () => {
    const done = await run(
      () =>
        call('POST', `/admin/reports/${report.id}/${handled ? 'reopen' : 'handled'}`, { api: COMMUNITY_API }),
      { success: handled ? 'porta.community.reopened' : 'porta.community.marked_handled' },
    );
    if (done.ok) refresh();
  };
  const time = formatDateTime(report.handledAt, timeZone);
  const how = !handled
    ? translate('porta.community.open_help')
    : report.handledHow === 'deleted'
      ? report.handledByFirstName
        ? translate('porta.community.handled_deleted', { name: report.handledByFirstName, time })
        : translate('porta.community.handled_deleted_unnamed', { time })
      : translate('porta.community.handled_marked', { name: report.handledByFirstName ?? '-', time });
  return (
    <Stack
      component="section"
      aria-label={translate('resources.community-reports.fields.state')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <ReportStateField />
      <Typography variant="body2" color="text.secondary">
        {how}
      </Typography>
      <Button
        label={handled ? 'porta.community.reopen' : 'porta.community.mark_handled'}
        onClick={change}
        disabled={busy}
        variant={handled ? 'text' : 'contained'}
      >
        {handled ? <ReplayIcon /> : <DoneIcon />}
      </Button>
    </Stack>
  );
}

const targetPath = (target: ReportTarget) =>
  target.kind === 'comment' ? `/comments/${target.id}` : `/discussions/${target.id}`;

/**
 * What the report points at, as it is now, and what a moderator does about it: delete it (its
 * writer and the housing company's moderators may), ban its writer (usersBan), or open it in the
 * resident app.
 */
function ReportedTarget() {
  const report = useRecordContext<AdminReportDetail>();
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(report?.housingCompanyId);
  const refresh = useRefresh();
  const { permissions } = usePermissions<StaffPermissions>();
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const [confirming, setConfirming] = useState(false);
  const [banning, setBanning] = useState(false);
  if (!report) return null;
  const { target } = report;
  if (!target) {
    return <Alert severity="info">{translate('porta.community.target_unknown')}</Alert>;
  }

  const remove = async () => {
    const done = await run(() => call('DELETE', targetPath(target), { api: COMMUNITY_API }), {
      success: `porta.community.deleted_${target.kind}`,
    });
    setConfirming(false);
    if (done.ok) refresh();
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="reported-target">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography id="reported-target" variant="h6" component="h2">
              {translate(`porta.community.reported_${target.kind}`)}
            </Typography>
            {target.isDeleted ? <Chip size="small" label={translate('porta.community.is_deleted')} /> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('porta.community.written_by', {
              name: target.authorFirstName,
              time: formatDateTime(target.createdAt, timeZone),
            })}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>
            {target.text || translate('porta.community.no_text')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <MuiButton
              size="small"
              href={target.url}
              target="_blank"
              rel="noopener"
              startIcon={<OpenInNewIcon />}
            >
              {translate('porta.community.open_in_portal')}
            </MuiButton>
            {target.isDeleted ? null : (
              <Button
                label={`porta.community.delete_${target.kind}`}
                onClick={() => setConfirming(true)}
                disabled={busy}
                color="error"
              >
                <DeleteIcon />
              </Button>
            )}
            {permissions?.can.usersBan ? (
              <Button label="porta.community.ban_writer" onClick={() => setBanning(true)}>
                <BlockIcon />
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={`porta.community.delete_${target.kind}`}
        content="porta.community.delete_content"
        contentTranslateOptions={{ name: target.authorFirstName }}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
      <BanDialog
        userId={target.authorId}
        housingCompanyId={report.housingCompanyId}
        open={banning}
        onClose={() => setBanning(false)}
        onDone={() => undefined}
      />
    </Card>
  );
}

/**
 * /admin/community-reports/:id/show: one violation report, titled by what it points at, its state
 * with the moderator's mark-handled or reopen action, and what it points at.
 */
export default function ReportShow() {
  return (
    <Show actions={false} title={<ReportTitle />}>
      <SimpleShowLayout>
        <ReportState />
        <DateTimeField source="createdAt" housingCompanySource="housingCompanyId" />
        <TextField source="housingCompanyName" />
        <ReportTypeField source="reportType" />
        <TargetTypeField source="targetType" />
        <TextField source="description" sx={{ whiteSpace: 'pre-wrap' }} emptyText="-" />
        <TextField source="reporterFirstName" />
        <ReportedTarget />
      </SimpleShowLayout>
    </Show>
  );
}
