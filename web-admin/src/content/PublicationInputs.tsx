import { Box, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  BooleanInput,
  DateTimeInput,
  RadioButtonGroupInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isoFromLocal } from '../common/dates';
import { after, archiveNotInPast, stickyExpiry } from './validation';

export const STATUS_CHOICES = [
  { id: 'draft', name: 'porta.content.status.draft' },
  { id: 'published', name: 'porta.content.status.published' },
];

interface PublicationInputsProps {
  /** Articles: the archive date. */
  archive?: boolean;
  /** Articles and campaigns: sticky with its expiry. */
  sticky?: boolean;
  /** Publish and unpublish times (items with a publication window). */
  times?: boolean;
}

/** A time input whose value travels as an ISO instant. */
export function TimeInput(props: Parameters<typeof DateTimeInput>[0]) {
  return <DateTimeInput parse={isoFromLocal} {...props} />;
}

/**
 * Publication (03 §4, §5): draft or published; a publish time in the future schedules it; an
 * unpublish time hides it (after the publish time); an archive date not in the past; sticky needs
 * an expiry not before today. The server checks the same and answers the same codes.
 */
export function PublicationInputs({ archive = false, sticky = false, times = true }: PublicationInputsProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const status = useWatch({ name: 'status' }) as string | undefined;
  const publishAt = useWatch({ name: 'publishAt' }) as string | null | undefined;
  const isSticky = useWatch({ name: 'sticky' }) as boolean | undefined;
  const validators = useMemo(
    () => ({
      unpublishAt: after('publishAt', 'porta.errors.CNT_UNPUBLISH_BEFORE_PUBLISH'),
      archiveAt: archiveNotInPast(record?.archiveAt as string | null | undefined),
      stickyUntil: stickyExpiry(record?.stickyUntil as string | null | undefined),
    }),
    [record?.archiveAt, record?.stickyUntil],
  );
  const scheduled = status === 'published' && !!publishAt && new Date(publishAt).getTime() > Date.now();

  return (
    <Box sx={{ width: '100%' }}>
      <RadioButtonGroupInput source="status" label="porta.content.fields.status" choices={STATUS_CHOICES} />
      {times ? (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {translate(
              status !== 'published'
                ? 'porta.content.publication.draft_help'
                : scheduled
                  ? 'porta.content.publication.scheduled_help'
                  : 'porta.content.publication.now_help',
            )}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <TimeInput source="publishAt" label="porta.content.fields.publishAt" helperText={false} />
            <TimeInput
              source="unpublishAt"
              label="porta.content.fields.unpublishAt"
              validate={validators.unpublishAt}
              helperText={false}
            />
          </Stack>
        </>
      ) : null}
      {archive ? (
        <TimeInput
          source="archiveAt"
          label="porta.content.fields.archiveAt"
          validate={validators.archiveAt}
          helperText="porta.content.publication.archive_help"
        />
      ) : null}
      {sticky ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <BooleanInput source="sticky" label="porta.content.fields.sticky" helperText={false} />
          {isSticky ? (
            <TimeInput
              source="stickyUntil"
              label="porta.content.fields.stickyUntil"
              validate={validators.stickyUntil}
              helperText="porta.content.publication.sticky_help"
            />
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
