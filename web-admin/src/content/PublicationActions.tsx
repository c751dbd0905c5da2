import EventIcon from '@mui/icons-material/Event';
import PublishIcon from '@mui/icons-material/Publish';
import UndoIcon from '@mui/icons-material/Undo';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import {
  Button,
  Confirm,
  Form,
  SaveButton,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { z } from 'zod';
import { formatDateTime } from '../common/dates';
import { resourceDefinition } from '../data/resources';
import { useContentApi, useErrorText } from './api';
import { asksBroadAudience, BroadAudienceDialog, reachOf } from './BroadAudienceDialog';
import { publicationState } from './fields';
import { TimeInput } from './PublicationInputs';

type Action = 'publish' | 'unpublish' | 'cancel-schedule';

/**
 * What a done action is called in the success message, per resource
 * (`porta.content.publication.published.news` "News item published"); a resource without its own
 * text gets the generic one (`porta.content.publication.done.<action>`).
 */
const OUTCOME_KEYS = {
  publish: 'published',
  schedule: 'scheduled',
  unpublish: 'unpublished',
  'cancel-schedule': 'schedule_cancelled',
} as const satisfies Record<Action | 'schedule', string>;

const inFuture: Validator = (value: unknown) => {
  if (value == null || value === '') return 'ra.validation.required';
  return new Date(String(value)).getTime() > Date.now() ? undefined : 'porta.errors.CNT_PUBLISH_TIME_IN_PAST';
};
(inFuture as Validator & { isRequired?: boolean }).isRequired = true;

function ScheduleDialog({
  open,
  onClose,
  onSchedule,
}: {
  open: boolean;
  onClose: () => void;
  onSchedule: (publishAt: string) => Promise<string | null>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('porta.content.publication.schedule_title')}</DialogTitle>
      {open ? (
        <Form
          noValidate
          onSubmit={async (values: Record<string, unknown>) => {
            setFailure(await onSchedule(String(values.publishAt)));
          }}
        >
          <DialogContent>
            <TimeInput
              source="publishAt"
              label="porta.content.fields.publishAt"
              validate={inFuture}
              fullWidth
            />
            {failure ? (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={onClose} />
            <SaveButton label="porta.content.publication.schedule" icon={<EventIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}

/**
 * Publish now, schedule, unpublish and cancel a scheduled publish (03 §4) for an item the viewer may
 * edit: POST /admin/<items>/:id/publish | unpublish | cancel-schedule. The page reloads the item after.
 * Publishing to many housing companies (409 CNT_BROAD_AUDIENCE_CONFIRM) asks for the broad-audience
 * confirmation with the reach, and publishes again with confirmBroadAudience when confirmed.
 */
export function PublicationActions({ resource, schema }: { resource: string; schema: z.ZodType }) {
  const record = useRecordContext<{ id: string; status: string; scheduled: boolean; canEdit: boolean }>();
  const api = useContentApi();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [confirming, setConfirming] = useState<Action | null>(null);
  /** The publication waiting for the broad-audience confirmation: its time and reach. */
  const [broad, setBroad] = useState<{ publishAt: string | null; reach: number | null } | null>(null);
  if (!record?.canEdit) return null;
  const state = publicationState(record);
  const path = `/admin/${resourceDefinition(resource).path}/${record.id}`;

  /**
   * Run the action: null when done, else the failure in words ('' when the broad-audience
   * question is open instead).
   */
  const run = async (
    action: Action,
    publishAt: string | null = null,
    confirmBroadAudience = false,
  ): Promise<string | null> => {
    setBusy(true);
    try {
      await api.call('POST', `${path}/${action}`, {
        body:
          action === 'publish'
            ? { publishAt, ...(confirmBroadAudience ? { confirmBroadAudience } : {}) }
            : {},
        schema,
      });
      const outcome = publishAt ? 'schedule' : action;
      const time = formatDateTime(publishAt);
      notify(`porta.content.publication.${OUTCOME_KEYS[outcome]}.${resource}`, {
        type: 'info',
        messageArgs: { time, _: translate(`porta.content.publication.done.${outcome}`, { time }) },
      });
      refresh();
      return null;
    } catch (error) {
      if (action === 'publish' && !confirmBroadAudience && asksBroadAudience(error)) {
        setBroad({ publishAt, reach: reachOf(error) });
        return '';
      }
      const text = errorText(error);
      if (!publishAt) notify(text, { type: 'error', messageArgs: { _: text } });
      return text;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {state === 'draft' ? (
        <>
          <Button
            label="porta.content.publication.publish_now"
            onClick={() => setConfirming('publish')}
            disabled={busy}
          >
            <PublishIcon />
          </Button>
          <Button
            label="porta.content.publication.schedule"
            onClick={() => setScheduling(true)}
            disabled={busy}
          >
            <EventIcon />
          </Button>
        </>
      ) : null}
      {state === 'scheduled' ? (
        <Button
          label="porta.content.publication.cancel_schedule"
          onClick={() => setConfirming('cancel-schedule')}
          disabled={busy}
        >
          <UndoIcon />
        </Button>
      ) : null}
      {state !== 'draft' ? (
        <Button
          label="porta.content.publication.unpublish"
          onClick={() => setConfirming('unpublish')}
          disabled={busy}
        >
          <UnpublishedIcon />
        </Button>
      ) : null}
      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title={`porta.content.publication.confirm_title.${confirming ?? 'publish'}`}
        content={`porta.content.publication.confirm_content.${confirming ?? 'publish'}`}
        onConfirm={async () => {
          const action = confirming;
          setConfirming(null);
          if (action) await run(action);
        }}
        onClose={() => setConfirming(null)}
      />
      <ScheduleDialog
        open={scheduling}
        onClose={() => setScheduling(false)}
        onSchedule={async (publishAt) => {
          const failure = await run('publish', publishAt);
          if (failure === null) setScheduling(false);
          return failure || null;
        }}
      />
      <BroadAudienceDialog
        open={broad !== null}
        reach={broad?.reach ?? null}
        loading={busy}
        onConfirm={async () => {
          if (!broad) return;
          const { publishAt } = broad;
          const failure = await run('publish', publishAt, true);
          setBroad(null);
          if (failure === null) setScheduling(false);
          // A failed schedule is not notified by run (its dialog shows it): here it is.
          else if (publishAt) notify(failure, { type: 'error', messageArgs: { _: failure } });
        }}
        onClose={() => setBroad(null)}
      />
    </>
  );
}
