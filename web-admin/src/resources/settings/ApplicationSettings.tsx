import {
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  COUNTRY_TIME_ZONES,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PORTAL_TIME_ZONE,
  SERVICE_REQUEST_ATTACHMENT_EXTENSIONS,
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  SERVICE_REQUEST_ATTACHMENTS_MAX,
  SERVICE_REQUEST_OVERDUE_DAYS,
  SERVICE_REQUEST_RECIPIENT_ROLES,
  SERVICE_REQUEST_REMINDER_INTERVAL_MS,
  SERVICE_REQUEST_TYPES,
} from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { type ReactNode, useId } from 'react';
import { Button, LinkBase, Title, useBasename, usePermissions, useTranslate } from 'react-admin';
import type { StaffPermissions } from '../../auth/access';
import { formatDateTime } from '../../common/dates';
import { LANGUAGE_NAMES } from '../../common/languages';
import { useRoleLabel } from '../../common/roles';

function Section({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id={id}>
            {title}
          </Typography>
          {intro ? (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          ) : null}
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Who gets a request of each type (ADR 0018's rule table), reminders, overdue and attachments. */
function ServiceRequestSettings() {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  return (
    <Section title={translate('porta.settings.service_requests.title')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate('porta.settings.service_requests.type')}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate('porta.settings.service_requests.recipients')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SERVICE_REQUEST_TYPES.map((type) => (
            <TableRow key={type}>
              <TableCell component="th" scope="row">
                {translate(`porta.service_requests.types.${type}`)}
              </TableCell>
              <TableCell>
                {type === 'partner'
                  ? translate('porta.settings.service_requests.partner_recipients')
                  : SERVICE_REQUEST_RECIPIENT_ROLES[type].map(roleLabel).join(', ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2">{translate('porta.settings.service_requests.fallback')}</Typography>
      <Typography variant="body2">
        {translate('porta.settings.service_requests.reminder', {
          minutes: SERVICE_REQUEST_REMINDER_INTERVAL_MS / 60_000,
        })}
      </Typography>
      <Typography variant="body2">
        {translate('porta.settings.service_requests.overdue', { days: SERVICE_REQUEST_OVERDUE_DAYS })}
      </Typography>
      <Typography variant="body2">
        {translate('porta.settings.service_requests.attachments', {
          count: SERVICE_REQUEST_ATTACHMENTS_MAX,
          size: formatFileSize(SERVICE_REQUEST_ATTACHMENT_MAX_BYTES),
          types: SERVICE_REQUEST_ATTACHMENT_EXTENSIONS.join(', '),
        })}
      </Typography>
    </Section>
  );
}

/** The zone of each country, and the time there now: the days turn at the company's midnight. */
function TimeZoneSettings({ now }: { now: Date }) {
  const translate = useTranslate();
  return (
    <Section
      title={translate('porta.settings.time_zones.title')}
      intro={translate('porta.settings.time_zones.intro')}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate('porta.settings.time_zones.country')}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate('porta.settings.time_zones.zone')}
            </TableCell>
            <TableCell component="th" scope="col">
              {translate('porta.settings.time_zones.now')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(COUNTRY_TIME_ZONES).map(([country, zone]) => (
            <TableRow key={country}>
              <TableCell component="th" scope="row">
                {country}
              </TableCell>
              <TableCell>{zone}</TableCell>
              <TableCell>{formatDateTime(now.toISOString(), zone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2">
        {translate('porta.settings.time_zones.default', { zone: PORTAL_TIME_ZONE })}
      </Typography>
    </Section>
  );
}

function LanguageSettings() {
  const translate = useTranslate();
  return (
    <Section
      title={translate('porta.settings.languages.title')}
      intro={translate('porta.settings.languages.intro')}
    >
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <Chip
              label={`${LANGUAGE_NAMES[language]} (${language})`}
              variant={language === DEFAULT_LANGUAGE ? 'filled' : 'outlined'}
              color={language === DEFAULT_LANGUAGE ? 'primary' : 'default'}
            />
          </li>
        ))}
      </Box>
    </Section>
  );
}

/**
 * /admin/settings (03 §2 "global settings"; 03 §7 getApplicationSettings): how Porta is set up for
 * everyone, in one read-only page: the service-request rules, the calendar days of each country,
 * the languages, and for admins the way to the feature toggles (/admin/settings/features). The
 * rules are the contracts' own constants, the ones the services enforce, so the page cannot tell
 * anything else. (Document categories join when the documents area arrives.)
 */
export function ApplicationSettings({ now = new Date() }: { now?: Date }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { permissions } = usePermissions<StaffPermissions>();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="porta.settings.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('porta.settings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '70ch' }}>
        {translate('porta.settings.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <ServiceRequestSettings />
        <Stack spacing={2}>
          <TimeZoneSettings now={now} />
          <LanguageSettings />
          {permissions?.can.featureToggles ? (
            <Section
              title={translate('porta.settings.features.title')}
              intro={translate('porta.settings.features.intro')}
            >
              <Box>
                <Button
                  component={LinkBase}
                  to={`${basename}/feature-toggles`}
                  label="porta.settings.features.open"
                  variant="outlined"
                />
              </Box>
            </Section>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
