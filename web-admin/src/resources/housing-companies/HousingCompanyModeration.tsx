import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Alert,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { AdminReport, HousingCompanyBan, ReportState } from '@porta/contracts';
import { useId, useState } from 'react';
import { Button, Confirm, Link, useCreatePath, useGetList, usePermissions, useTranslate } from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { useChange, useIdentityGet, usePortaCalls } from '../../common/api';
import { formatDateTime, formatDay, useHousingCompanyTimeZone } from '../../common/dates';
import { HiddenText } from '../../common/HiddenText';

type ReportFilter = ReportState | 'all';

const REPORT_FILTERS: readonly ReportFilter[] = ['open', 'handled', 'all'];
const REPORTS_PER_PAGE = 10;

function Loading() {
  const translate = useTranslate();
  return <LinearProgress aria-label={translate('ra.page.loading')} sx={{ my: 1 }} />;
}

/**
 * The company's violation reports (the `community-reports` resource, filtered by the company), open
 * ones first: by default the open ones, on request the handled ones or all (then the open ones lead
 * each page). Each report links to its page; the heading counts the open ones.
 */
function CompanyReports({ housingCompanyId }: { housingCompanyId: string }) {
  const timeZone = useHousingCompanyTimeZone(housingCompanyId);
  const translate = useTranslate();
  const createPath = useCreatePath();
  const headingId = useId();
  const [state, setState] = useState<ReportFilter>('open');
  const [page, setPage] = useState(1);
  const filter = state === 'all' ? { housingCompanyId } : { housingCompanyId, state };
  const { data, total, isPending, error } = useGetList<AdminReport>('community-reports', {
    filter,
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page, perPage: REPORTS_PER_PAGE },
  });
  const open = useGetList<AdminReport>('community-reports', {
    filter: { housingCompanyId, state: 'open' },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 1 },
  });
  // Open ones first (a stable sort keeps the newest first within each state).
  const rows = data ? [...data].sort((a, b) => Number(a.state !== 'open') - Number(b.state !== 'open')) : [];

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1} sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {translate('porta.housing_companies.moderation.reports_title')}
        </Typography>
        {open.total !== undefined ? (
          <Chip
            size="small"
            color={open.total > 0 ? 'warning' : 'default'}
            label={translate('porta.housing_companies.moderation.open_count', { count: open.total })}
          />
        ) : null}
      </Stack>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={state}
        onChange={(_, value: ReportFilter | null) => {
          if (!value) return;
          setState(value);
          setPage(1);
        }}
        aria-label={translate('porta.housing_companies.moderation.filter')}
      >
        {REPORT_FILTERS.map((value) => (
          <ToggleButton key={value} value={value}>
            {translate(`porta.housing_companies.moderation.filters.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {isPending ? <Loading /> : null}
      {error ? <Alert severity="error">{translate('porta.common.load_failed')}</Alert> : null}
      {!isPending && !error && rows.length === 0 ? (
        <Typography variant="body2">{translate('porta.housing_companies.moderation.no_reports')}</Typography>
      ) : null}
      {rows.length > 0 ? (
        <>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.community-reports.fields.createdAt')}</TableCell>
                <TableCell>{translate('resources.community-reports.fields.state')}</TableCell>
                <TableCell>{translate('resources.community-reports.fields.reportType')}</TableCell>
                <TableCell>{translate('resources.community-reports.fields.targetType')}</TableCell>
                <TableCell>{translate('resources.community-reports.fields.description')}</TableCell>
                <TableCell>{translate('resources.community-reports.fields.reporterFirstName')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((report) => (
                <TableRow key={report.id}>
                  <TableCell>
                    <Link to={createPath({ resource: 'community-reports', id: report.id, type: 'show' })}>
                      {formatDateTime(report.createdAt, timeZone)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <ReportStateRecord report={report} />
                  </TableCell>
                  <TableCell>{translate(`porta.community.report_types.${report.reportType}`)}</TableCell>
                  <TableCell>
                    {translate(`porta.community.target_types.${report.targetType}`, { _: report.targetType })}
                  </TableCell>
                  <TableCell>{report.description || '-'}</TableCell>
                  <TableCell>{report.reporterFirstName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {(total ?? 0) > REPORTS_PER_PAGE ? (
            <TablePagination
              component="div"
              count={total ?? 0}
              page={page - 1}
              rowsPerPage={REPORTS_PER_PAGE}
              rowsPerPageOptions={[REPORTS_PER_PAGE]}
              onPageChange={(_, next) => setPage(next + 1)}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** Open or handled, as a chip (open stands out), as in the reports list. */
function ReportStateRecord({ report }: { report: AdminReport }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={report.state === 'open' ? 'warning' : 'default'}
      variant={report.state === 'open' ? 'filled' : 'outlined'}
      label={translate(`porta.community.states.${report.state}`)}
    />
  );
}

/**
 * The bans in force for the company's users: bans in the company, and global bans of its members
 * (identity's GET /admin/housing-companies/:id/bans). Staff who may ban lift one after confirming.
 */
function CompanyBans({ housingCompanyId, canUnban }: { housingCompanyId: string; canUnban: boolean }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const headingId = useId();
  const { data, error, isPending, reload } = useIdentityGet<HousingCompanyBan[]>(
    `/admin/housing-companies/${housingCompanyId}/bans`,
  );
  const { call } = usePortaCalls();
  const { run, busy } = useChange();
  const [lifting, setLifting] = useState<HousingCompanyBan | null>(null);

  const nameOf = (ban: HousingCompanyBan) => `${ban.userFirstName} ${ban.userLastName}`.trim();
  const scopeOf = (ban: HousingCompanyBan) =>
    ban.housingCompanyId === null
      ? translate('porta.housing_companies.moderation.everywhere')
      : translate('porta.housing_companies.moderation.this_company');

  const lift = async () => {
    if (!lifting) return;
    const done = await run(() => call('DELETE', `/admin/users/${lifting.userId}/bans/${lifting.id}`), {
      success: 'porta.housing_companies.moderation.unbanned',
      successArgs: { name: nameOf(lifting) },
    });
    setLifting(null);
    if (done.ok) reload();
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1} sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" id={headingId}>
        {translate('porta.housing_companies.moderation.bans_title')}
      </Typography>
      {isPending && !data ? <Loading /> : null}
      {error ? <Alert severity="error">{translate('porta.common.load_failed')}</Alert> : null}
      {data && data.length === 0 ? (
        <Typography variant="body2">{translate('porta.housing_companies.moderation.no_bans')}</Typography>
      ) : null}
      {data && data.length > 0 ? (
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('porta.housing_companies.moderation.user')}</TableCell>
              <TableCell>{translate('porta.bans.scope')}</TableCell>
              <TableCell>{translate('porta.bans.expiry_date')}</TableCell>
              <TableCell>{translate('porta.bans.reason')}</TableCell>
              <TableCell>{translate('porta.housing_companies.moderation.banned_by')}</TableCell>
              {canUnban ? (
                <TableCell>
                  <HiddenText>{translate('porta.common.actions')}</HiddenText>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((ban) => (
              <TableRow key={ban.id}>
                <TableCell>
                  <Link to={createPath({ resource: 'users', id: ban.userId, type: 'show' })}>
                    {nameOf(ban)}
                  </Link>
                </TableCell>
                <TableCell>{scopeOf(ban)}</TableCell>
                <TableCell>{formatDay(ban.expiryDate)}</TableCell>
                <TableCell>{ban.reason ?? '-'}</TableCell>
                <TableCell>{ban.createdByName ?? '-'}</TableCell>
                {canUnban ? (
                  <TableCell align="right">
                    <Button
                      label="porta.housing_companies.moderation.unban"
                      aria-label={translate('porta.housing_companies.moderation.unban_label', {
                        name: nameOf(ban),
                      })}
                      onClick={() => setLifting(ban)}
                      disabled={busy}
                    >
                      <LockOpenIcon />
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Confirm
        isOpen={!!lifting}
        loading={busy}
        title="porta.housing_companies.moderation.unban_title"
        content="porta.housing_companies.moderation.unban_content"
        titleTranslateOptions={{ name: lifting ? nameOf(lifting) : '' }}
        contentTranslateOptions={{
          name: lifting ? nameOf(lifting) : '',
          scope: lifting ? scopeOf(lifting) : '',
        }}
        onConfirm={lift}
        onClose={() => setLifting(null)}
      />
    </Stack>
  );
}

/**
 * A housing company's moderation tab (03 §2 /admin/housing-company/{id}/moderation): its violation
 * reports for the community moderators (communityModerate) and the bans in force for its users for
 * those who read users (usersRead); those who may ban (usersBan) unban. Show the tab when the viewer
 * has either of the first two.
 */
export function HousingCompanyModeration({ housingCompanyId }: { housingCompanyId: string }) {
  const { permissions } = usePermissions<StaffPermissions>();
  const can = permissions?.can;
  if (!can) return null;
  return (
    <Stack spacing={4} sx={{ width: '100%' }}>
      {can.communityModerate ? <CompanyReports housingCompanyId={housingCompanyId} /> : null}
      {can.usersRead ? <CompanyBans housingCompanyId={housingCompanyId} canUnban={can.usersBan} /> : null}
    </Stack>
  );
}
