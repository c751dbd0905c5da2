import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, Link, Stack, Typography } from '@mui/material';
import {
  SERVICE_REQUEST_FILTERS,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
  type ServiceRequestAttachment,
} from '@porta/contracts';
import { useMemo } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { parseAnswer, useErrorText } from '../../content/api';
import { type PortaDataProvider, type Query, SERVICE_REQUESTS_API } from '../../data/data-provider';

export const TYPE_CHOICES = SERVICE_REQUEST_TYPES.map((type) => ({
  id: type,
  name: `porta.service_requests.types.${type}`,
}));

export const STATUS_CHOICES = SERVICE_REQUEST_STATUSES.map((status) => ({
  id: status,
  name: `porta.service_requests.statuses.${status}`,
}));

export const VIEW_CHOICES = SERVICE_REQUEST_FILTERS.map((view) => ({
  id: view,
  name: `porta.service_requests.views.${view}`,
}));

interface FieldProps {
  source?: string;
  label?: string;
  sortable?: boolean;
}

/** The request's type in words (an unknown key as sent). */
export function TypeField(_props: FieldProps) {
  const record = useRecordContext<{ typeId?: string }>();
  const translate = useTranslate();
  if (!record?.typeId) return null;
  return <span>{translate(`porta.service_requests.types.${record.typeId}`, { _: record.typeId })}</span>;
}

/** The request's status in words (open, in progress, closed, declined). */
export function StatusField(_props: FieldProps) {
  const record = useRecordContext<{ statusKey?: string }>();
  const translate = useTranslate();
  if (!record?.statusKey) return null;
  return (
    <span>{translate(`porta.service_requests.statuses.${record.statusKey}`, { _: record.statusKey })}</span>
  );
}

/** The first names of the request's recipients. */
export function RecipientsField(_props: FieldProps) {
  const record = useRecordContext<{ recipients?: { firstName: string }[] }>();
  const translate = useTranslate();
  const names = (record?.recipients ?? []).map((recipient) => recipient.firstName);
  return <span>{names.length ? names.join(', ') : translate('porta.service_requests.recipients_none')}</span>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The service-requests service's calls beyond the staff list (stable between renders). */
export interface ServiceRequestsApi {
  call<S extends z.ZodType>(
    method: Method,
    path: string,
    options: { query?: Query; body?: unknown; schema: S },
  ): Promise<z.infer<S>>;
  download(path: string, fallbackName: string, query?: Query): Promise<string>;
  upload<S extends z.ZodType>(
    path: string,
    file: File,
    options: { query?: Query; schema: S },
  ): Promise<z.infer<S>>;
  saveFile(url: string, fileName: string): Promise<void>;
}

export function useServiceRequestsApi(): ServiceRequestsApi {
  const dataProvider = useDataProvider<PortaDataProvider>();
  return useMemo(() => {
    const { call, download, upload, saveFile } = dataProvider;
    return {
      async call(
        method: Method,
        path: string,
        options: { query?: Query; body?: unknown; schema: z.ZodType },
      ) {
        const answer = await call(method, path, {
          query: options.query,
          body: options.body,
          api: SERVICE_REQUESTS_API,
        });
        return parseAnswer(options.schema, answer);
      },
      download: (path: string, fallbackName: string, query?: Query) =>
        download(path, fallbackName, query, SERVICE_REQUESTS_API),
      async upload(path: string, file: File, options: { query?: Query; schema: z.ZodType }) {
        const answer = await upload(path, file, { query: options.query, api: SERVICE_REQUESTS_API });
        return parseAnswer(options.schema, answer);
      },
      saveFile: (url: string, fileName: string) => saveFile(url, fileName),
    } as ServiceRequestsApi;
  }, [dataProvider]);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Attachments as links. The service serves them only to signed-in readers of the request, so a
 * click fetches the file with the token and saves it under its name (the address stays the link's
 * target for copying). With `onRemove`, a file the viewer may remove (`canRemove`) has a Remove
 * button named after it.
 */
export function AttachmentLinks({
  attachments,
  onRemove,
}: {
  attachments: readonly ServiceRequestAttachment[];
  onRemove?: (attachment: ServiceRequestAttachment) => void;
}) {
  const translate = useTranslate();
  const api = useServiceRequestsApi();
  const notify = useNotify();
  const errorText = useErrorText();
  if (!attachments.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('porta.service_requests.no_attachments')}
      </Typography>
    );
  }
  const open = async (attachment: ServiceRequestAttachment) => {
    try {
      await api.saveFile(attachment.url, attachment.fileName);
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    }
  };
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {attachments.map((attachment) => (
        <Stack key={attachment.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AttachFileIcon fontSize="small" aria-hidden />
          <Link
            href={attachment.url}
            onClick={(event) => {
              event.preventDefault();
              void open(attachment);
            }}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {attachment.fileName}
          </Link>
          <Typography variant="caption" color="text.secondary">
            {formatFileSize(attachment.size)}
          </Typography>
          {onRemove && attachment.canRemove ? (
            <IconButton
              size="small"
              aria-label={translate('porta.service_requests.remove_attachment', {
                name: attachment.fileName,
              })}
              onClick={() => onRemove(attachment)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * A reply typed as plain text, as the small HTML the service keeps: characters escaped, blank lines
 * between paragraphs, single line breaks kept. Blank text gives ''.
 */
export function textToHtml(text: string): string {
  const escaped = text.trim().replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  if (!escaped) return '';
  return escaped
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${paragraph.trim().replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The small HTML the service keeps (paragraphs, line breaks) back as the plain text it was typed
 * as: a blank line between top-level blocks, a line break for each <br>.
 */
export function htmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const br of body.querySelectorAll('br')) br.replaceWith('\n');
  return [...body.childNodes]
    .map((node) => (node.textContent ?? '').trim())
    .filter(Boolean)
    .join('\n\n');
}
