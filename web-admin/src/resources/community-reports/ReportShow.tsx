import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
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
import { DateTimeField, formatDateTime } from '../../content/dates';
import { COMMUNITY_API } from '../../data/data-provider';
import { BanDialog } from '../users/UserBans';
import { ReportTypeField, TargetTypeField } from './fields';

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
              time: formatDateTime(target.createdAt),
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

/** /admin/community-reports/:id/show: one violation report and what it points at. */
export default function ReportShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <DateTimeField source="createdAt" />
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
