import { Chip } from '@mui/material';
import { REPORT_STATES, REPORT_TYPES, type ReportState } from '@porta/contracts';
import { useRecordContext, useTranslate } from 'react-admin';

export const REPORT_STATE_CHOICES = REPORT_STATES.map((state) => ({
  id: state,
  name: `porta.community.states.${state}`,
}));

export const REPORT_TYPE_CHOICES = REPORT_TYPES.map((type) => ({
  id: type,
  name: `porta.community.report_types.${type}`,
}));

export const TARGET_TYPE_CHOICES = ['discussion', 'comment', 'message'].map((type) => ({
  id: type,
  name: `porta.community.target_types.${type}`,
}));

/** The report's type in words. */
export function ReportTypeField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ reportType?: string }>();
  const translate = useTranslate();
  if (!record?.reportType) return null;
  return <span>{translate(`porta.community.report_types.${record.reportType}`)}</span>;
}

/** What was reported (discussion, comment, message) in words; an unknown kind as sent. */
export function TargetTypeField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ targetType?: string }>();
  const translate = useTranslate();
  if (!record?.targetType) return null;
  return (
    <span>{translate(`porta.community.target_types.${record.targetType}`, { _: record.targetType })}</span>
  );
}

/** Open or handled, as a chip (open stands out). */
export function ReportStateField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ state?: ReportState }>();
  const translate = useTranslate();
  if (!record?.state) return null;
  return (
    <Chip
      size="small"
      color={record.state === 'open' ? 'warning' : 'default'}
      variant={record.state === 'open' ? 'filled' : 'outlined'}
      label={translate(`porta.community.states.${record.state}`)}
    />
  );
}
