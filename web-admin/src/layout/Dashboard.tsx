import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Link as MuiLink,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { type MeResponse, type Role, SERVICE_REQUEST_OVERDUE_DAYS, zMeResponse } from '@porta/contracts';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  type SortPayload,
  Title,
  useCreatePath,
  useGetIdentity,
  useGetList,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { NO_CAPABILITIES, type StaffPermissions } from '../auth/access';
import { useIdentityGet } from '../common/api';

/**
 * One count on the dashboard: a staff list (a react-admin resource) with filters, whose total the
 * service answers in Content-Range; the card links to that list with the same filters.
 */
export interface DashboardCount {
  key: string;
  resource: string;
  filter: Record<string, unknown>;
  sort: SortPayload;
  /** Something waiting for the viewer (not merely information such as published campaigns). */
  waits: boolean;
}

/**
 * What waits for the viewer, per capability (docs/adr/0023-staff-dashboard.md):
 *
 * - service requests (`can.serviceRequests`): *open* ones are pending — open or in progress
 *   (`view: pending`); *overdue* ones are pending and not updated (no change, response or reminder)
 *   for SERVICE_REQUEST_OVERDUE_DAYS (7) days (`overdue: true`: the service decides, requests have no
 *   due date);
 * - violation reports (`can.communityModerate`): open ones, not yet marked handled and whose
 *   reported item is not deleted (`state: open`);
 * - news and calendar (`can.contentRead`): drafts (`status: draft`) and scheduled items, published
 *   with a publication time in the future (`scheduled: true`), of the viewer's reach;
 * - campaigns (`can.campaignsRead`; partners see their own company's): drafts and published ones.
 *
 * The services limit every count to what the viewer reaches, as in the lists the cards open.
 */
export function dashboardCounts(can: StaffPermissions['can']): DashboardCount[] {
  const counts: DashboardCount[] = [];
  const newest: SortPayload = { field: 'createdAt', order: 'DESC' };
  if (can.serviceRequests) {
    counts.push(
      {
        key: 'requests_open',
        resource: 'service-requests',
        filter: { view: 'pending' },
        sort: newest,
        waits: true,
      },
      {
        key: 'requests_overdue',
        resource: 'service-requests',
        filter: { view: 'pending', overdue: true },
        sort: newest,
        waits: true,
      },
    );
  }
  if (can.communityModerate) {
    counts.push({
      key: 'reports_open',
      resource: 'community-reports',
      filter: { state: 'open' },
      sort: newest,
      waits: true,
    });
  }
  if (can.contentRead) {
    const news: SortPayload = { field: 'publishAt', order: 'DESC' };
    const calendar: SortPayload = { field: 'startAt', order: 'DESC' };
    counts.push(
      { key: 'news_drafts', resource: 'news', filter: { status: 'draft' }, sort: news, waits: true },
      { key: 'news_scheduled', resource: 'news', filter: { scheduled: true }, sort: news, waits: true },
      {
        key: 'calendar_drafts',
        resource: 'calendar',
        filter: { status: 'draft' },
        sort: calendar,
        waits: true,
      },
      {
        key: 'calendar_scheduled',
        resource: 'calendar',
        filter: { scheduled: true },
        sort: calendar,
        waits: true,
      },
    );
  }
  if (can.campaignsRead) {
    const campaigns: SortPayload = { field: 'startAt', order: 'DESC' };
    counts.push(
      {
        key: 'campaigns_drafts',
        resource: 'campaigns',
        filter: { status: 'draft' },
        sort: campaigns,
        waits: true,
      },
      {
        key: 'campaigns_published',
        resource: 'campaigns',
        filter: { status: 'published' },
        sort: campaigns,
        waits: false,
      },
    );
  }
  return counts;
}

/** A dashboard card: a section of the grid named by its heading (`titleId`). */
function DashboardCard({
  titleId,
  children,
  busy,
}: {
  titleId: string;
  children: ReactNode;
  busy?: boolean;
}) {
  return (
    <Card component="section" aria-labelledby={titleId} aria-busy={busy || undefined} sx={{ height: '100%' }}>
      {children}
    </Card>
  );
}

/** A card's heading. */
function CardTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
      {children}
    </Typography>
  );
}

/** One count: skeleton while loading, the error with a retry, else the number linking to its list. */
function CountCard({
  count,
  onTotal,
}: {
  count: DashboardCount;
  onTotal: (key: string, total: number | null) => void;
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const titleId = useId();
  const title = translate(`porta.dashboard.cards.${count.key}`, { days: SERVICE_REQUEST_OVERDUE_DAYS });
  const { total, isPending, error, refetch } = useGetList(
    count.resource,
    { pagination: { page: 1, perPage: 1 }, sort: count.sort, filter: count.filter },
    // One more try, then the card says it failed (it has its own retry).
    { retry: 1 },
  );
  useEffect(() => {
    if (!isPending) onTotal(count.key, error ? null : (total ?? 0));
  }, [count.key, error, isPending, onTotal, total]);
  // The list with the card's filters, shown as filter inputs (those not always on too).
  const displayed = Object.fromEntries(Object.keys(count.filter).map((key) => [key, true]));
  const to = `${createPath({ resource: count.resource, type: 'list' })}?filter=${encodeURIComponent(
    JSON.stringify(count.filter),
  )}&displayedFilters=${encodeURIComponent(JSON.stringify(displayed))}`;
  const help = translate(`porta.dashboard.help.${count.key}`, { days: SERVICE_REQUEST_OVERDUE_DAYS });

  if (isPending) {
    return (
      <DashboardCard titleId={titleId} busy>
        <CardContent>
          <CardTitle id={titleId}>{title}</CardTitle>
          <Skeleton variant="text" width={64} height={56} aria-label={translate('ra.page.loading')} />
          <Skeleton variant="text" width="60%" />
        </CardContent>
      </DashboardCard>
    );
  }
  if (error) {
    return (
      <DashboardCard titleId={titleId}>
        <CardContent>
          <CardTitle id={titleId}>{title}</CardTitle>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {translate('porta.dashboard.retry')}
              </Button>
            }
          >
            {translate('porta.dashboard.load_failed')}
          </Alert>
          <MuiLink component={RouterLink} to={to} sx={{ display: 'inline-block', mt: 1 }}>
            {translate('porta.dashboard.open_list')}
          </MuiLink>
        </CardContent>
      </DashboardCard>
    );
  }
  const n = total ?? 0;
  return (
    <DashboardCard titleId={titleId}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <CardTitle id={titleId}>{title}</CardTitle>
          <Typography variant="h3" component="p" color={n > 0 && count.waits ? 'primary' : 'text.secondary'}>
            {n}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {n === 0 && count.waits ? translate('porta.dashboard.nothing_here') : help}
          </Typography>
        </CardContent>
      </CardActionArea>
    </DashboardCard>
  );
}

/** Holds the role globally or in some housing company. */
function holds(permissions: StaffPermissions | undefined, role: Role): boolean {
  return (
    !!permissions && (permissions.roles.includes(role) || permissions.housingCompanyRoles.includes(role))
  );
}

/**
 * For a consumption manager: the consumption screens are coming (no link yet), and the housing
 * companies they manage consumption of, from /me (the companies where they hold the role; held
 * globally: every company /me lists).
 */
function ConsumptionCards() {
  const translate = useTranslate();
  const me = useIdentityGet<MeResponse>('/me');
  const companies = useMemo(() => {
    const parsed = zMeResponse.safeParse(me.data);
    if (!parsed.success) return [];
    const global = parsed.data.user.roles.includes('consumptionManager');
    return parsed.data.hcs
      .filter(
        (hc) =>
          global ||
          hc.roles.includes('consumptionManager') ||
          hc.apts.some((apartment) => apartment.roles.includes('consumptionManager')),
      )
      .map((hc) => ({ id: hc.id, name: hc.marketingName || hc.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [me.data]);
  const consumptionId = useId();
  const companiesId = useId();
  return (
    <>
      <DashboardCard titleId={consumptionId}>
        <CardContent>
          <CardTitle id={consumptionId}>{translate('porta.dashboard.cards.consumption')}</CardTitle>
          <Typography variant="body2" color="text.secondary">
            {translate('porta.dashboard.consumption_coming')}
          </Typography>
        </CardContent>
      </DashboardCard>
      <DashboardCard titleId={companiesId} busy={me.isPending}>
        <CardContent>
          <CardTitle id={companiesId}>{translate('porta.dashboard.cards.consumption_companies')}</CardTitle>
          {me.isPending ? (
            <>
              <Skeleton variant="text" width={64} height={56} aria-label={translate('ra.page.loading')} />
              <Skeleton variant="text" width="60%" />
            </>
          ) : me.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={me.reload}>
                  {translate('porta.dashboard.retry')}
                </Button>
              }
            >
              {translate('porta.dashboard.load_failed')}
            </Alert>
          ) : (
            <>
              <Typography variant="h3" component="p" color="text.secondary">
                {companies.length}
              </Typography>
              {companies.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {companies.map((hc) => (
                    <Typography component="li" variant="body2" key={hc.id}>
                      {hc.name}
                    </Typography>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('porta.dashboard.consumption_no_companies')}
                </Typography>
              )}
            </>
          )}
        </CardContent>
      </DashboardCard>
    </>
  );
}

/**
 * The admin front page (/admin): the first screen staff see each morning. Per capability, a card
 * for each thing that waits for the viewer, with its count and a link to the list filtered to it
 * (see dashboardCounts for what each card counts); a consumption manager's cards; two columns on
 * wide screens, one on phones. While loading each card shows a skeleton, a card that failed says so
 * with a retry, and when every count is zero the page says nothing waits.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<StaffPermissions>();
  const can = permissions?.can ?? NO_CAPABILITIES;
  const counts = useMemo(() => dashboardCounts(can), [can]);
  const consumption = holds(permissions, 'consumptionManager');
  const [totals, setTotals] = useState<Record<string, number | null>>({});
  const onTotal = useCallback(
    (key: string, total: number | null) =>
      setTotals((current) => (current[key] === total ? current : { ...current, [key]: total })),
    [],
  );
  const waiting = counts.filter((count) => count.waits);
  const nothingWaits =
    !!permissions &&
    waiting.every((count) => totals[count.key] === 0) &&
    (waiting.length > 0 || !consumption);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="porta.dashboard.title" />
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          {translate('porta.dashboard.title')}
        </Typography>
        {identity?.fullName ? (
          <Typography variant="h6" component="p">
            {translate('porta.dashboard.welcome', { name: identity.fullName })}
          </Typography>
        ) : null}
        <Typography>{translate('porta.dashboard.intro')}</Typography>
      </Stack>
      {nothingWaits ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('porta.dashboard.nothing_waits')}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'stretch',
        }}
      >
        {consumption ? <ConsumptionCards /> : null}
        {counts.map((count) => (
          <CountCard key={count.key} count={count} onTotal={onTotal} />
        ))}
      </Box>
    </Box>
  );
}
