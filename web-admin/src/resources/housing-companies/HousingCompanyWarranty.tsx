import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import {
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  Link as MuiLink,
  Stack,
  Step,
  StepContent,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import type { AdminHousingCompany } from '@porta/contracts';
import { useId } from 'react';
import { Button, LinkBase, useBasename, useTranslate } from 'react-admin';
import { formatDay, todayIso } from '../../common/dates';

type WarrantyDate =
  | 'warrantyReportStartDate'
  | 'warrantyReportEndDate'
  | 'warrantyRepairMeetingDate'
  | 'warrantyRepairNoticeInfoDate'
  | 'warrantyRepairEndDate'
  | 'warrantyRepairProcessEndDate'
  | 'warrantyPeriodEndDate';

/**
 * The warranty process in order (02, 03 §4): reporting until a date; the repair meeting; adding or
 * specifying faults between the meeting and the repair plan; the repair plan informed; repairs
 * accepted (the repairs end, then the repair process); and the end of the warranty period. A step
 * is one day or runs from one day to another.
 */
export const WARRANTY_STEPS: readonly { key: string; from: WarrantyDate | null; to: WarrantyDate }[] = [
  { key: 'reporting', from: 'warrantyReportStartDate', to: 'warrantyReportEndDate' },
  { key: 'repair_meeting', from: null, to: 'warrantyRepairMeetingDate' },
  { key: 'specify_faults', from: 'warrantyRepairMeetingDate', to: 'warrantyRepairNoticeInfoDate' },
  { key: 'repair_plan', from: null, to: 'warrantyRepairNoticeInfoDate' },
  { key: 'repairs_accepted', from: 'warrantyRepairEndDate', to: 'warrantyRepairProcessEndDate' },
  { key: 'period_end', from: null, to: 'warrantyPeriodEndDate' },
];

export type StepTiming = 'past' | 'current' | 'upcoming' | 'unset';

/**
 * Where a step is relative to today (YYYY-MM-DD, compared as text): past once its last day is
 * over, upcoming before its first day, current on its days; unset without a date. A step with only
 * one of its two days set counts as that day.
 */
export function stepTiming(from: string | null, to: string | null, today: string): StepTiming {
  const start = from ?? to;
  const end = to ?? from;
  if (!start || !end) return 'unset';
  if (end < today) return 'past';
  if (start > today) return 'upcoming';
  return 'current';
}

const TIMING_COLOR = { past: 'default', current: 'primary', upcoming: 'info', unset: 'default' } as const;

interface WarrantyContactView {
  name?: unknown;
  title?: unknown;
  company?: unknown;
  email?: unknown;
  phone?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** One warranty contact: name, title and company, and the phone and e-mail as links. */
function Contact({ contact }: { contact: WarrantyContactView }) {
  const translate = useTranslate();
  const name = text(contact.name);
  const role = [text(contact.title), text(contact.company)].filter(Boolean).join(', ');
  const phone = text(contact.phone);
  const email = text(contact.email);
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Typography variant="subtitle2" component="p">
        {name ?? '-'}
      </Typography>
      {role ? <Typography variant="body2">{role}</Typography> : null}
      {phone ? (
        <Typography variant="body2">
          {translate('porta.contacts.phone')}:{' '}
          <MuiLink href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</MuiLink>
        </Typography>
      ) : null}
      {email ? (
        <Typography variant="body2">
          {translate('porta.contacts.email')}: <MuiLink href={`mailto:${email}`}>{email}</MuiLink>
        </Typography>
      ) : null}
    </ListItem>
  );
}

/**
 * A housing company's warranty tab (03 §2 /admin/housing-company/{id}/warranty): the warranty
 * process as a timeline of its dates, each step marked past, current or upcoming (relative to
 * `today`, by default today in the portal's time zone), and the warranty contacts. Editors get a
 * link to the edit form's warranty tab.
 */
export function HousingCompanyWarranty({
  record,
  canEdit,
  today = todayIso(),
}: {
  record: AdminHousingCompany;
  canEdit: boolean;
  /** Today as YYYY-MM-DD (tests). */
  today?: string;
}) {
  const translate = useTranslate();
  const basename = useBasename();
  const timelineId = useId();
  const contactsId = useId();
  const steps = WARRANTY_STEPS.map((step) => {
    const from = step.from ? record[step.from] : null;
    const to = record[step.to];
    return { ...step, fromDate: from, toDate: to, timing: stepTiming(from, to, today) };
  });
  const anyDate = steps.some((step) => step.timing !== 'unset');
  const current = steps.findIndex((step) => step.timing === 'current');
  const next = steps.findIndex((step) => step.timing === 'upcoming');
  const active = current >= 0 ? current : next >= 0 ? next : steps.length;
  const contacts = (record.warrantyContacts ?? []) as WarrantyContactView[];

  const when = (from: string | null, to: string | null) => {
    if (from && to && from !== to) {
      return translate('porta.housing_companies.warranty.range', {
        from: formatDay(from),
        to: formatDay(to),
      });
    }
    if (from || to) return formatDay(to ?? from);
    return translate('porta.housing_companies.warranty.not_set');
  };

  return (
    <Stack spacing={3} sx={{ width: '100%' }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2" id={timelineId}>
          {translate('porta.housing_companies.warranty.title')}
        </Typography>
        {canEdit ? (
          <Button
            component={LinkBase}
            to={`${basename}/housing-companies/${record.id}/warranty`}
            label="porta.housing_companies.warranty.edit"
          >
            <EditCalendarIcon />
          </Button>
        ) : null}
      </Stack>
      {anyDate ? (
        <Stepper
          orientation="vertical"
          activeStep={active}
          connector={null}
          component="ol"
          aria-labelledby={timelineId}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {steps.map((step) => (
            <Step
              key={step.key}
              component="li"
              completed={step.timing === 'past'}
              expanded
              aria-current={step.timing === 'current' ? 'step' : undefined}
              data-timing={step.timing}
            >
              <StepLabel>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{translate(`porta.housing_companies.warranty.steps.${step.key}`)}</span>
                  {step.timing !== 'unset' ? (
                    <Chip
                      size="small"
                      variant={step.timing === 'current' ? 'filled' : 'outlined'}
                      color={TIMING_COLOR[step.timing]}
                      label={translate(`porta.housing_companies.warranty.timing.${step.timing}`)}
                    />
                  ) : null}
                </Stack>
              </StepLabel>
              <StepContent>
                <Typography variant="body2">{when(step.fromDate, step.toDate)}</Typography>
              </StepContent>
            </Step>
          ))}
        </Stepper>
      ) : (
        <Typography variant="body2">{translate('porta.housing_companies.warranty.no_dates')}</Typography>
      )}
      <Card variant="outlined" component="section" aria-labelledby={contactsId}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" id={contactsId}>
            {translate('porta.housing_companies.warranty.contacts_title')}
          </Typography>
          {contacts.length === 0 ? (
            <Typography variant="body2">
              {translate('porta.housing_companies.warranty.no_contacts')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {contacts.map((contact, index) => (
                // Contacts have no id; their order is the record's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only
                <Contact key={index} contact={contact} />
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
