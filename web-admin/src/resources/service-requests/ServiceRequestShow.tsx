import AltRouteIcon from '@mui/icons-material/AltRoute';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ForwardIcon from '@mui/icons-material/Forward';
import LockIcon from '@mui/icons-material/Lock';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PublicIcon from '@mui/icons-material/Public';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  FormHelperText,
  IconButton,
  TextField as MuiTextField,
  Stack,
  Typography,
} from '@mui/material';
import {
  type AdminUser,
  SERVICE_REQUEST_ATTACHMENTS_MAX,
  SERVICE_REQUEST_CONTENT_MAX_CHARS,
  SERVICE_REQUEST_INTERNAL_ID_MAX_CHARS,
  SERVICE_REQUEST_REMINDER_INTERVAL_MS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestAttachment,
  type ServiceRequestDetail,
  type ServiceRequestResponse,
  type ServiceRequestStatus,
  type ServiceRequestTypeKey,
  type ServiceRequestTypeList,
  zServiceRequest,
  zServiceRequestAttachment,
  zServiceRequestDetail,
  zServiceRequestReminder,
  zServiceRequestTypeList,
} from '@porta/contracts';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  BooleanField,
  Confirm,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useGetList,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { z } from 'zod';
import type { StaffPermissions } from '../../auth/access';
import { DateTimeField, formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { FilePickerButton } from '../../common/FilePickerButton';
import { useErrorText } from '../../content/api';
import { SafeHtml } from '../../content/SafeHtml';
import {
  AttachmentLinks,
  formatFileSize,
  htmlToText,
  RecipientsField,
  StatusField,
  TypeField,
  textToHtml,
  useServiceRequestsApi,
} from './fields';

/** A headed part of the request's page, named by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ px: 2, pb: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** Run a change and say how it went: the app's words for the problem, else the server's message. */
function useRun() {
  const notify = useNotify();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(
    action: () => Promise<T>,
    success: string,
    successArgs?: Record<string, unknown> | ((result: T) => Record<string, unknown>),
  ) => {
    setBusy(true);
    try {
      const result = await action();
      const messageArgs = typeof successArgs === 'function' ? successArgs(result) : successArgs;
      notify(success, { type: 'info', messageArgs });
      return true;
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

/**
 * The request's own actions, as its rights allow: remind its recipients (once an hour: the button
 * says from when) and delete it, after a confirmation, back to the list.
 */
function RequestActions() {
  const record = useRecordContext<ServiceRequestDetail>();
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(record?.housingCompanyId);
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const { run, busy } = useRun();
  const [confirming, setConfirming] = useState(false);
  if (!record) return <TopToolbar />;

  const remind = async () => {
    const done = await run(
      () => api.call('POST', `/requests/${record.id}/reminder`, { schema: zServiceRequestReminder }),
      'porta.service_requests.reminded',
      (answer) => ({ smart_count: answer.recipients }),
    );
    if (done) refresh();
  };
  const remove = async () => {
    const done = await run(
      () => api.call('DELETE', `/requests/${record.id}`, { schema: z.unknown() }),
      'porta.service_requests.deleted',
    );
    setConfirming(false);
    if (done) redirect('list', 'service-requests');
  };
  const nextReminder = record.lastReminderAt
    ? new Date(new Date(record.lastReminderAt).getTime() + SERVICE_REQUEST_REMINDER_INTERVAL_MS)
    : null;

  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      {record.canRemind ? (
        <Button startIcon={<NotificationsActiveIcon />} onClick={remind} disabled={busy}>
          {translate('porta.service_requests.remind')}
        </Button>
      ) : !record.closed && nextReminder && nextReminder > new Date() ? (
        <Typography variant="body2" color="text.secondary">
          {translate('porta.service_requests.next_reminder', {
            time: formatDateTime(nextReminder.toISOString(), timeZone),
          })}
        </Typography>
      ) : null}
      {record.canDelete ? (
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} disabled={busy}>
          {translate('porta.service_requests.delete')}
        </Button>
      ) : null}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="porta.service_requests.delete_title"
        content="porta.service_requests.delete_confirm"
        confirm="porta.service_requests.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </TopToolbar>
  );
}

/** The request's content: sanitised HTML from the service. */
function ContentField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<ServiceRequestDetail>();
  if (!record) return null;
  return <SafeHtml html={record.content} />;
}

/**
 * Attachments of the request (`responseId` null) or of one of its responses, as links; a file the
 * viewer may remove (its uploader while the request is not closed, the developer's staff and the
 * company's property and maintenance managers) has a Remove button, confirmed first. Focus then
 * goes to the list (kept even when empty), since the button is gone.
 */
function RemovableAttachments({
  request,
  responseId,
  attachments,
  quietWhenNone = false,
}: {
  request: ServiceRequestDetail;
  responseId: string | null;
  attachments: readonly ServiceRequestAttachment[];
  /** Say nothing when there are none (a response), instead of "No attachments". */
  quietWhenNone?: boolean;
}) {
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const [asked, setAsked] = useState<ServiceRequestAttachment | null>(null);
  // The file just removed: once the list no longer shows it, focus goes to the list.
  const [removedId, setRemovedId] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const gone = removedId !== null && !attachments.some((attachment) => attachment.id === removedId);

  useEffect(() => {
    if (!gone) return;
    setRemovedId(null);
    boxRef.current?.focus();
  }, [gone]);

  const remove = async () => {
    if (!asked) return;
    const on = responseId ? `/responses/${responseId}` : '';
    const done = await run(
      () =>
        api.call('DELETE', `/requests/${request.id}${on}/attachments/${asked.id}`, {
          schema: zServiceRequestDetail,
        }),
      'porta.service_requests.attachment_removed',
    );
    setAsked(null);
    if (done) {
      setRemovedId(asked.id);
      refresh();
    }
  };

  return (
    <Box ref={boxRef} tabIndex={-1}>
      {attachments.length || !quietWhenNone ? (
        <AttachmentLinks attachments={attachments} onRemove={setAsked} />
      ) : null}
      <Confirm
        isOpen={asked !== null}
        loading={busy}
        title="porta.service_requests.remove_attachment_title"
        content="porta.service_requests.remove_attachment_confirm"
        translateOptions={{ name: asked?.fileName ?? '' }}
        confirm="porta.service_requests.remove"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setAsked(null)}
      />
    </Box>
  );
}

/** The request's own attachments, removable as the viewer's rights allow. */
function RequestAttachmentsField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<ServiceRequestDetail>();
  if (!record) return null;
  return <RemovableAttachments request={record} responseId={null} attachments={record.attachments} />;
}

/**
 * One response: its writer and time (and whether it was edited), the text and files. Its writer
 * edits it in place while the request is not closed; its writer, the developer's staff and the
 * company's property and maintenance managers delete it (confirmed). A deleted one keeps its place.
 */
function ResponseItem({
  request,
  response,
}: {
  request: ServiceRequestDetail;
  response: ServiceRequestResponse;
}) {
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(request.housingCompanyId);
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [focusTo, setFocusTo] = useState<'edit' | 'item' | null>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const headerId = useId();

  // Where focus goes once the control it was on is gone: back to Edit, or to the deleted reply.
  useEffect(() => {
    if (focusTo === 'edit' && !editing) {
      setFocusTo(null);
      (editRef.current ?? itemRef.current)?.focus();
    } else if (focusTo === 'item' && response.isDeleted) {
      setFocusTo(null);
      itemRef.current?.focus();
    }
  }, [focusTo, editing, response.isDeleted]);

  const stopEditing = () => {
    setEditing(false);
    setFocusTo('edit');
  };
  const save = async () => {
    const done = await run(
      () =>
        api.call('PUT', `/requests/${request.id}/responses/${response.id}`, {
          body: { content: textToHtml(text) },
          schema: zServiceRequestDetail,
        }),
      'porta.service_requests.reply_updated',
    );
    if (done) {
      stopEditing();
      refresh();
    }
  };
  const remove = async () => {
    const done = await run(
      () =>
        api.call('DELETE', `/requests/${request.id}/responses/${response.id}`, {
          schema: zServiceRequestDetail,
        }),
      'porta.service_requests.reply_deleted',
    );
    setConfirming(false);
    if (done) {
      setFocusTo('item');
      refresh();
    }
  };

  return (
    <Box
      component="li"
      ref={itemRef}
      tabIndex={-1}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      {response.isDeleted ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {translate('porta.service_requests.reply_deleted_note')}
        </Typography>
      ) : (
        <>
          <Typography id={headerId} variant="subtitle2" component="p">
            {translate('porta.service_requests.response_by', {
              name: response.sender.apartment
                ? `${response.sender.name} (${response.sender.apartment})`
                : response.sender.name,
              time: formatDateTime(response.createdAt, timeZone),
            })}
            {response.editedAt ? ` ${translate('porta.service_requests.edited')}` : ''}
          </Typography>
          {editing ? (
            <Stack
              component="form"
              spacing={1}
              sx={{ my: 1 }}
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy && text.trim()) void save();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !busy) {
                  event.stopPropagation();
                  stopEditing();
                }
              }}
            >
              <MuiTextField
                label={translate('porta.service_requests.edit_reply_text')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                multiline
                minRows={3}
                fullWidth
                autoFocus
                required
                slotProps={{ htmlInput: { maxLength: SERVICE_REQUEST_CONTENT_MAX_CHARS, spellCheck: true } }}
              />
              <Stack direction="row" spacing={1}>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<SaveIcon />}
                  disabled={busy || !text.trim()}
                >
                  {translate('porta.service_requests.save_reply')}
                </Button>
                <Button onClick={stopEditing} disabled={busy}>
                  {translate('ra.action.cancel')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <SafeHtml html={response.content} />
          )}
          <RemovableAttachments
            request={request}
            responseId={response.id}
            attachments={response.attachments}
            quietWhenNone
          />
          {!editing && (response.canEdit || response.canDelete) ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {response.canEdit ? (
                <Button
                  ref={editRef}
                  size="small"
                  startIcon={<EditIcon />}
                  aria-describedby={headerId}
                  onClick={() => {
                    setText(htmlToText(response.content));
                    setEditing(true);
                  }}
                >
                  {translate('porta.service_requests.edit_reply')}
                </Button>
              ) : null}
              {response.canDelete ? (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteIcon />}
                  aria-describedby={headerId}
                  onClick={() => setConfirming(true)}
                  disabled={busy}
                >
                  {translate('porta.service_requests.delete_reply')}
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </>
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="porta.service_requests.delete_reply_title"
        content="porta.service_requests.delete_reply_confirm"
        confirm="porta.service_requests.delete_reply"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** The responses, oldest first, each with its writer, time, attachments and what the viewer may do. */
function Responses() {
  const record = useRecordContext<ServiceRequestDetail>();
  const translate = useTranslate();
  if (!record) return null;
  const responses = [...(record.responses ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Section title="porta.service_requests.responses">
      {responses.length ? (
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {responses.map((response) => (
            <ResponseItem key={response.id} request={record} response={response} />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('porta.service_requests.no_responses')}
        </Typography>
      )}
    </Section>
  );
}

/** Move the status (open, in progress, closed, declined), telling the sender when asked (PUT statusKey). */
function StatusChange({ request }: { request: ServiceRequestDetail }) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const [status, setStatus] = useState<ServiceRequestStatus>(request.statusKey);
  const [notifySender, setNotifySender] = useState(false);
  const selectId = useId();

  const change = async () => {
    const done = await run(
      () =>
        api.call('PUT', `/requests/${request.id}`, {
          body: { statusKey: status, sendNotification: notifySender },
          schema: zServiceRequest,
        }),
      'porta.service_requests.status_changed',
      { status: translate(`porta.service_requests.statuses.${status}`) },
    );
    if (done) refresh();
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <MuiTextField
        id={selectId}
        select
        size="small"
        label={translate('porta.service_requests.new_status')}
        value={status}
        onChange={(event) => setStatus(event.target.value as ServiceRequestStatus)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200 }}
      >
        {SERVICE_REQUEST_STATUSES.map((key) => (
          <option key={key} value={key}>
            {translate(`porta.service_requests.statuses.${key}`)}
          </option>
        ))}
      </MuiTextField>
      <FormControlLabel
        control={<Checkbox checked={notifySender} onChange={(_, on) => setNotifySender(on)} />}
        label={translate('porta.service_requests.notify_sender')}
      />
      <Button
        variant="outlined"
        startIcon={<SyncAltIcon />}
        onClick={change}
        disabled={busy || status === request.statusKey}
      >
        {translate('porta.service_requests.change_status')}
      </Button>
    </Stack>
  );
}

/** Make the request public or private (PUT public). One sent to a resident stays private (409). */
function PublicityChange({ request }: { request: ServiceRequestDetail }) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const toPublic = !request.public;

  const change = async () => {
    const done = await run(
      () =>
        api.call('PUT', `/requests/${request.id}`, { body: { public: toPublic }, schema: zServiceRequest }),
      toPublic ? 'porta.service_requests.made_public' : 'porta.service_requests.made_private',
    );
    if (done) refresh();
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="body2">
        {translate(request.public ? 'porta.service_requests.is_public' : 'porta.service_requests.is_private')}
      </Typography>
      {toPublic && request.targetedToUser ? (
        <Typography variant="body2" color="text.secondary">
          {translate('porta.service_requests.targeted_not_public')}
        </Typography>
      ) : (
        <Button
          variant="outlined"
          startIcon={toPublic ? <PublicIcon /> : <LockIcon />}
          onClick={change}
          disabled={busy}
        >
          {translate(toPublic ? 'porta.service_requests.make_public' : 'porta.service_requests.make_private')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Send the request the way of another type (PUT typeId, and partnerCompanyId for a partner
 * request): the types and partner companies its housing company offers (GET /types); the new
 * type's recipients are added and told by the service.
 */
function TypeChange({ request }: { request: ServiceRequestDetail }) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const errorText = useErrorText();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const [offered, setOffered] = useState<{ list?: ServiceRequestTypeList; error?: string }>({});
  const [typeId, setTypeId] = useState<ServiceRequestTypeKey>(request.typeId);
  const [partnerId, setPartnerId] = useState(request.partnerCompanyId ?? '');
  const typeSelect = useId();
  const partnerSelect = useId();

  useEffect(() => {
    let current = true;
    api
      .call('GET', '/types', {
        query: { housingCompanyId: request.housingCompanyId },
        schema: zServiceRequestTypeList,
      })
      .then(
        (list) => current && setOffered({ list }),
        (error: unknown) => current && setOffered({ error: errorText(error) }),
      );
    return () => {
      current = false;
    };
  }, [api, errorText, request.housingCompanyId]);

  const needsPartner = offered.list?.items.find((t) => t.key === typeId)?.needsPartner ?? false;
  const changed =
    typeId !== request.typeId || (needsPartner && partnerId !== (request.partnerCompanyId ?? ''));
  const change = async () => {
    const done = await run(
      () =>
        api.call('PUT', `/requests/${request.id}`, {
          body: { typeId, ...(needsPartner ? { partnerCompanyId: partnerId } : {}) },
          schema: zServiceRequest,
        }),
      'porta.service_requests.type_changed',
      { type: translate(`porta.service_requests.types.${typeId}`) },
    );
    if (done) refresh();
  };

  if (offered.error) {
    return (
      <Typography variant="body2" color="error" role="alert">
        {offered.error}
      </Typography>
    );
  }
  const types = offered.list?.items.map((t) => t.key) ?? [request.typeId];
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <MuiTextField
        id={typeSelect}
        select
        size="small"
        label={translate('porta.service_requests.new_type')}
        value={typeId}
        disabled={!offered.list}
        onChange={(event) => setTypeId(event.target.value as ServiceRequestTypeKey)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 220 }}
      >
        {types.map((key) => (
          <option key={key} value={key}>
            {translate(`porta.service_requests.types.${key}`)}
          </option>
        ))}
      </MuiTextField>
      {needsPartner ? (
        <MuiTextField
          id={partnerSelect}
          select
          size="small"
          label={translate('resources.service-requests.fields.partnerCompanyId')}
          value={partnerId}
          onChange={(event) => setPartnerId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <option value="">{translate('porta.service_requests.choose_partner')}</option>
          {offered.list?.partnerCompanies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </MuiTextField>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<AltRouteIcon />}
        onClick={change}
        disabled={busy || !changed || (needsPartner && !partnerId)}
      >
        {translate('porta.service_requests.change_type')}
      </Button>
    </Stack>
  );
}

/** The handlers' own reference for the request (PUT internalId; empty clears it). */
function InternalIdChange({ request }: { request: ServiceRequestDetail }) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const [value, setValue] = useState(request.internalId ?? '');
  const inputId = useId();
  const changed = value.trim() !== (request.internalId ?? '');

  const save = async () => {
    const done = await run(
      () =>
        api.call('PUT', `/requests/${request.id}`, {
          body: { internalId: value.trim() || null },
          schema: zServiceRequest,
        }),
      'porta.service_requests.internal_id_saved',
    );
    if (done) refresh();
  };

  return (
    <Stack
      component="form"
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !busy) void save();
      }}
    >
      <MuiTextField
        id={inputId}
        size="small"
        label={translate('resources.service-requests.fields.internalId')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { maxLength: SERVICE_REQUEST_INTERNAL_ID_MAX_CHARS } }}
        sx={{ minWidth: 200 }}
      />
      <Button type="submit" variant="outlined" startIcon={<SaveIcon />} disabled={busy || !changed}>
        {translate('porta.service_requests.save_internal_id')}
      </Button>
    </Stack>
  );
}

/** Status, publicity, the type and the internal id, as the request's rights allow. */
function Handling() {
  const record = useRecordContext<ServiceRequestDetail>();
  if (
    !record ||
    !(
      record.canChangeStatus ||
      record.canChangePublicity ||
      record.canChangeInternalId ||
      record.canChangeType
    )
  ) {
    return null;
  }
  return (
    <Section title="porta.service_requests.handling">
      <Stack spacing={2}>
        {record.canChangeStatus ? <StatusChange key={record.statusKey} request={record} /> : null}
        {record.canChangePublicity ? <PublicityChange request={record} /> : null}
        {record.canChangeType ? (
          <TypeChange key={`${record.typeId}:${record.partnerCompanyId ?? ''}`} request={record} />
        ) : null}
        {record.canChangeInternalId ? (
          <InternalIdChange key={record.internalId ?? ''} request={record} />
        ) : null}
      </Stack>
    </Section>
  );
}

/** The value, once it has stopped changing for `ms` (a search typed letter by letter). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const userLabel = (user: AdminUser) => `${user.firstName} ${user.lastName} (${user.email})`;

/**
 * Add a recipient or forward the request (POST /recipients, POST /forward) to a user of its
 * housing company, found by name or e-mail among the users the viewer may see in the staff app
 * (identity's list, scoped as on the users pages: nobody learns of more users here than there).
 * The service checks the rest and its refusal is shown.
 */
function RecipientChange({ request }: { request: ServiceRequestDetail }) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const { run, busy } = useRun();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<AdminUser | null>(null);
  const words = useSettled(text.trim(), 300);
  const search = picked && text === userLabel(picked) ? '' : words;
  const { data: users = [], isPending } = useGetList<AdminUser>('users', {
    filter: { housingCompanyId: request.housingCompanyId, ...(search ? { q: search } : {}) },
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'lastName', order: 'ASC' },
  });

  const send = async (path: 'recipients' | 'forward', body: object, success: string) => {
    const done = await run(
      () => api.call('POST', `/requests/${request.id}/${path}`, { body, schema: zServiceRequest }),
      success,
      { name: picked ? `${picked.firstName} ${picked.lastName}` : '' },
    );
    if (done) {
      setPicked(null);
      setText('');
      refresh();
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Autocomplete
        options={users}
        value={picked}
        onChange={(_event, user) => setPicked(user)}
        inputValue={text}
        onInputChange={(_event, value) => setText(value)}
        getOptionLabel={userLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={(options) => options}
        loading={isPending}
        loadingText={translate('ra.page.loading')}
        noOptionsText={translate('porta.service_requests.no_users')}
        sx={{ minWidth: 320 }}
        renderInput={(params) => (
          <MuiTextField {...params} size="small" label={translate('porta.service_requests.pick_user')} />
        )}
      />
      {request.canAddRecipient ? (
        <Button
          variant="outlined"
          startIcon={<PersonAddIcon />}
          disabled={busy || !picked}
          onClick={() => send('recipients', { userId: picked?.id }, 'porta.service_requests.recipient_added')}
        >
          {translate('porta.service_requests.add_recipient')}
        </Button>
      ) : null}
      {request.canForward ? (
        <Button
          variant="outlined"
          startIcon={<ForwardIcon />}
          disabled={busy || !picked}
          onClick={() => send('forward', { targetUserId: picked?.id }, 'porta.service_requests.forwarded')}
        >
          {translate('porta.service_requests.forward')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** Recipients: add one or forward, as the request's rights and the viewer's access to users allow. */
function Recipients() {
  const record = useRecordContext<ServiceRequestDetail>();
  const { permissions } = usePermissions<StaffPermissions>();
  if (!record || !(record.canAddRecipient || record.canForward) || !permissions?.can.usersRead) return null;
  return (
    <Section title="porta.service_requests.recipients_section">
      <RecipientChange request={record} />
    </Section>
  );
}

/**
 * Answer the request: the text and files uploaded first (POST /attachments), then the response
 * with their ids. A refusal is shown and what was typed and attached stays.
 */
function ReplyForm({ request }: { request: ServiceRequestDetail }) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const refresh = useRefresh();
  const errorText = useErrorText();
  const { run, busy } = useRun();
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<ServiceRequestAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const full = attachments.length >= SERVICE_REQUEST_ATTACHMENTS_MAX;

  const upload = async (files: File[]) => {
    setProblem(null);
    const room = SERVICE_REQUEST_ATTACHMENTS_MAX - attachments.length;
    if (files.length > room) {
      setProblem(
        translate('porta.service_requests.too_many_attachments', { max: SERVICE_REQUEST_ATTACHMENTS_MAX }),
      );
    }
    setUploading(true);
    try {
      for (const file of files.slice(0, Math.max(room, 0))) {
        const uploaded = await api.upload('/attachments', file, {
          query: { housingCompanyId: request.housingCompanyId },
          schema: zServiceRequestAttachment,
        });
        setAttachments((all) => [...all, uploaded]);
      }
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const send = async () => {
    const done = await run(
      () =>
        api.call('POST', `/requests/${request.id}/responses`, {
          body: { content: textToHtml(text), attachmentIds: attachments.map((attachment) => attachment.id) },
          schema: zServiceRequestDetail,
        }),
      'porta.service_requests.reply_sent',
    );
    if (done) {
      setText('');
      setAttachments([]);
      setProblem(null);
      refresh();
    }
  };

  return (
    <Stack spacing={1.5}>
      <MuiTextField
        label={translate('porta.service_requests.reply_text')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        slotProps={{ htmlInput: { maxLength: SERVICE_REQUEST_CONTENT_MAX_CHARS, spellCheck: true } }}
      />
      {attachments.length ? (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {attachments.map((attachment) => (
            <Stack
              key={attachment.id}
              component="li"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {attachment.fileName} ({formatFileSize(attachment.size)})
              </Typography>
              <IconButton
                size="small"
                aria-label={translate('porta.service_requests.remove_attachment', {
                  name: attachment.fileName,
                })}
                onClick={() => setAttachments((all) => all.filter((other) => other.id !== attachment.id))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <FilePickerButton
          inputRef={inputRef}
          multiple
          inputLabel={translate('porta.service_requests.attach')}
          disabled={uploading || full}
          busy={uploading}
          onFiles={(files) => void upload(files)}
        >
          {translate(uploading ? 'porta.service_requests.uploading' : 'porta.service_requests.attach')}
        </FilePickerButton>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={send}
          disabled={busy || uploading || !text.trim()}
        >
          {translate('porta.service_requests.send_reply')}
        </Button>
      </Stack>
      {problem ? (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      ) : null}
    </Stack>
  );
}

/** The reply form where the request may be answered; a closed request says so. */
function Reply() {
  const record = useRecordContext<ServiceRequestDetail>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.canRespond) {
    return record.closed ? (
      <Section title="porta.service_requests.reply">
        <Typography variant="body2" color="text.secondary">
          {translate('porta.service_requests.closed_no_reply')}
        </Typography>
      </Section>
    ) : null;
  }
  return (
    <Section title="porta.service_requests.reply">
      <ReplyForm request={record} />
    </Section>
  );
}

/**
 * /admin/service-requests/:id/show (03 §2): one request with every field, its responses oldest
 * first, and what the viewer may do with it by its rights: move the status (telling the sender or
 * not), make it public or private, set its internal id, add a recipient or forward it, answer it
 * with files, remind its recipients, delete it.
 */
export default function ServiceRequestShow() {
  return (
    <Show actions={<RequestActions />}>
      <SimpleShowLayout>
        <TextField source="subject" />
        <ReferenceField source="housingCompanyId" reference="housing-companies" link={false}>
          <TextField source="name" />
        </ReferenceField>
        <TextField source="internalId" emptyText="-" />
        <TypeField source="typeId" />
        <StatusField source="statusKey" />
        <BooleanField source="public" />
        <BooleanField source="visibleInApartment" />
        <BooleanField source="urgentRequest" />
        <BooleanField source="targetedToUser" />
        <ReferenceField source="partnerCompanyId" reference="partner-companies" link={false} emptyText="-">
          <TextField source="name" />
        </ReferenceField>
        <TextField source="sender.name" />
        <TextField source="sender.apartment" emptyText="-" />
        <TextField source="sender.tel" emptyText="-" />
        <RecipientsField source="recipients" />
        <DateTimeField source="createdAt" housingCompanySource="housingCompanyId" />
        <DateTimeField
          source="closedAt"
          emptyText="porta.common.none"
          housingCompanySource="housingCompanyId"
        />
        <ContentField source="content" />
        <RequestAttachmentsField source="attachments" />
      </SimpleShowLayout>
      <Responses />
      <Handling />
      <Recipients />
      <Reply />
    </Show>
  );
}
