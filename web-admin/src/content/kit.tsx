import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Button,
  CreateButton,
  DeleteWithConfirmButton,
  EditButton,
  LinkBase,
  type RaRecord,
  SaveButton,
  ShowButton,
  Toolbar,
  TopToolbar,
  useCreatePath,
  usePermissions,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Navigate } from 'react-router';
import type { z } from 'zod';
import type { Capabilities, StaffPermissions } from '../auth/access';
import { PublicationActions } from './PublicationActions';

/** Which page a list row opens: the editor for items the viewer may change, else the read view. */
export function rowClickFor(canWrite: boolean) {
  return (_id: unknown, _resource: string, record: RaRecord) =>
    canWrite && record.canEdit !== false ? 'edit' : 'show';
}

/** A list with no items yet: the spec's "No items found", and a create button where allowed. */
export function ListEmpty({ canCreate }: { canCreate: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('porta.content.no_items')}
      </Typography>
      {canCreate ? <CreateButton variant="contained" /> : null}
    </Box>
  );
}

/** A headed part of a long form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Inside an Edit: an item the viewer may see but not change (canEdit false, 03 §6 "except ones
 * authored by higher roles") opens its read view instead.
 */
export function EditableOnly({ children }: { children: ReactNode }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  if (!record) return null;
  if (record.canEdit === false) {
    return <Navigate replace to={createPath({ resource, id: record.id, type: 'show' })} />;
  }
  return <>{children}</>;
}

/** Save, and delete after a confirmation (items the viewer may change). */
export function ContentFormToolbar({ deletable = true }: { deletable?: boolean }) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && record?.id ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

/** A button to the resident preview of the item (news, calendar). */
export function PreviewButton() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Button
      component={LinkBase}
      to={`${createPath({ resource, type: 'list' })}/preview/${record.id}`}
      label="porta.content.preview.action"
    >
      <VisibilityIcon />
    </Button>
  );
}

/** The viewer's capabilities (none while they load). */
export function useCan(): Capabilities | null {
  const { permissions } = usePermissions<StaffPermissions>();
  return permissions?.can ?? null;
}

/** The read view's actions: edit (when the viewer may), preview, and the publication actions. */
export function ContentShowActions({
  canWrite,
  preview = false,
  publication,
  extra,
}: {
  canWrite: boolean;
  preview?: boolean;
  /** Publication actions with the item's answer contract (news, calendar). */
  publication?: { resource: string; schema: z.ZodType };
  /** A resource's own actions (news: copy the attachments to documents); each checks its right. */
  extra?: ReactNode;
}) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      {extra}
      {preview ? <PreviewButton /> : null}
      {canWrite && publication ? (
        <PublicationActions resource={publication.resource} schema={publication.schema} />
      ) : null}
      {canWrite && record?.canEdit !== false ? <EditButton /> : null}
    </TopToolbar>
  );
}

/** The editor's actions: the read view, preview, and the publication actions. */
export function ContentEditActions({
  preview = false,
  publication,
  extra,
}: {
  preview?: boolean;
  publication?: { resource: string; schema: z.ZodType };
  /** A resource's own actions (news: copy the attachments to documents); each checks its right. */
  extra?: ReactNode;
}) {
  return (
    <TopToolbar>
      {extra}
      {preview ? <PreviewButton /> : null}
      {publication ? (
        <PublicationActions resource={publication.resource} schema={publication.schema} />
      ) : null}
      <ShowButton />
    </TopToolbar>
  );
}
