import { type ReactNode, useState } from 'react';
import {
  Confirm,
  type CreateParams,
  type RaRecord,
  type RedirectionSideEffect,
  type UpdateParams,
  useCreate,
  useNotify,
  useRedirect,
  useResourceContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { ProblemBody } from '../data/http-client';
import { codeOf, useErrorText } from './api';

/** The problem's detail of CNT_BROAD_AUDIENCE_CONFIRM: how many housing companies it reaches. */
export function reachOf(error: unknown): number | null {
  const detail = (error as { body?: { detail?: unknown } } | undefined)?.body?.detail;
  const reach = typeof detail === 'string' ? Number.parseInt(detail, 10) : Number.NaN;
  return Number.isFinite(reach) ? reach : null;
}

/** Is this error the server asking for the broad-audience confirmation? */
export function asksBroadAudience(error: unknown): boolean {
  return codeOf(error) === 'CNT_BROAD_AUDIENCE_CONFIRM';
}

/**
 * 03 §4 "Publishing to many housing companies asks for a broad-audience confirmation": the server
 * answers 409 CNT_BROAD_AUDIENCE_CONFIRM with the reach; confirming publishes again with
 * confirmBroadAudience.
 */
export function BroadAudienceDialog({
  open,
  reach,
  loading,
  onConfirm,
  onClose,
}: {
  open: boolean;
  reach: number | null;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={open}
      loading={loading}
      title="porta.content.broad.title"
      content={reach === null ? 'porta.content.broad.content_unknown' : 'porta.content.broad.content'}
      translateOptions={{ smart_count: reach ?? 0, reach: reach ?? 0 }}
      confirm="porta.content.broad.confirm"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/**
 * The save of a create or edit page (news, calendar, campaigns) with the broad-audience question:
 * pass `mutationOptions` to the <Create>/<Edit> and render `dialog` next to it. A save the server
 * answers with 409 CNT_BROAD_AUDIENCE_CONFIRM opens the dialog with the reach (the form stays as
 * typed); confirming sends the same body again with confirmBroadAudience and then notifies and
 * redirects as the page would have. Other failures are notified as react-admin does (field
 * errors show next to their fields instead).
 */
export function useBroadAudienceSave(kind: 'create' | 'edit', redirectTo: RedirectionSideEffect) {
  const resource = useResourceContext() ?? '';
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  const errorText = useErrorText();
  const [pending, setPending] = useState<{
    params: CreateParams | UpdateParams;
    reach: number | null;
  } | null>(null);

  const notifyError = (error: unknown) => {
    const fieldErrors = (error as { body?: ProblemBody } | undefined)?.body?.errors;
    if (fieldErrors && Object.keys(fieldErrors).length > 0) return;
    const text = errorText(error);
    notify(text, { type: 'error', messageArgs: { _: text } });
  };

  const onError = (error: unknown, variables: unknown) => {
    if (asksBroadAudience(error)) {
      setPending({ params: variables as CreateParams | UpdateParams, reach: reachOf(error) });
      return;
    }
    notifyError(error);
  };

  const confirm = async () => {
    if (!pending) return;
    const data = { ...(pending.params.data as Record<string, unknown>), confirmBroadAudience: true };
    try {
      const record: RaRecord | undefined =
        kind === 'create'
          ? await create(resource, { ...(pending.params as CreateParams), data }, { returnPromise: true })
          : await update(
              resource,
              { ...(pending.params as UpdateParams), data },
              { mutationMode: 'pessimistic', returnPromise: true },
            );
      setPending(null);
      const done = kind === 'create' ? 'created' : 'updated';
      notify(`resources.${resource}.notifications.${done}`, {
        type: 'info',
        messageArgs: { smart_count: 1, _: translate(`ra.notification.${done}`, { smart_count: 1 }) },
      });
      redirect(redirectTo, resource, record?.id, record);
    } catch (error) {
      setPending(null);
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };

  const dialog: ReactNode = (
    <BroadAudienceDialog
      open={pending !== null}
      reach={pending?.reach ?? null}
      loading={creating || updating}
      onConfirm={confirm}
      onClose={() => setPending(null)}
    />
  );
  return { mutationOptions: { onError }, dialog };
}
