import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, Loading, Title, useCreatePath, useGetOne, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import type { Capabilities, StaffPermissions } from '../auth/access';
import { publicationState } from './fields';

interface CreatedPageProps {
  resource: string;
  /** The item has a resident preview (news, calendar). */
  preview?: boolean;
  /** May the viewer create items of the resource (for "create another" and "edit"). */
  canWrite: (can: Capabilities) => boolean;
  /** The record's display title. */
  titleOf?: (record: Record<string, unknown>) => string;
}

/**
 * /admin/<resource>/created/:id (03 §2): the confirmation after creating an item, with its state
 * and the next steps: view, edit, preview, create another.
 */
export function CreatedPage({ resource, preview = false, canWrite, titleOf }: CreatedPageProps) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { permissions } = usePermissions<StaffPermissions>();
  const { data: record, isPending, error } = useGetOne(resource, { id }, { enabled: !!id });
  const name = translate(`resources.${resource}.name`, { smart_count: 1 });

  if (isPending) return <Loading />;
  if (error || !record) {
    return (
      <Typography color="error" role="alert" sx={{ mt: 2 }}>
        {translate('porta.common.load_failed')}
      </Typography>
    );
  }
  const title = titleOf ? titleOf(record) : String(record.title ?? record.name ?? record.id);
  const writable = !!permissions && canWrite(permissions.can) && record.canEdit !== false;
  const state = 'status' in record ? publicationState(record) : null;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.content.created.page_title" />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <CheckCircleIcon color="success" aria-hidden />
          <Typography variant="h5" component="h1">
            {translate('porta.content.created.heading', { name })}
          </Typography>
        </Stack>
        <Typography variant="h6" component="p">
          {title}
        </Typography>
        {state ? (
          <Typography role="status" sx={{ mb: 2 }}>
            {translate(`porta.content.created.state.${state}`)}
          </Typography>
        ) : null}
        <Typography variant="subtitle1" component="h2">
          {translate('porta.content.created.next')}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ pl: 3 }}>
          <li>
            <Link to={createPath({ resource, id, type: 'show' })}>
              {translate('porta.content.created.view')}
            </Link>
          </li>
          {writable ? (
            <li>
              <Link to={createPath({ resource, id, type: 'edit' })}>
                {translate('porta.content.created.edit')}
              </Link>
            </li>
          ) : null}
          {preview ? (
            <li>
              <Link to={`${createPath({ resource, type: 'list' })}/preview/${id}`}>
                {translate('porta.content.created.preview')}
              </Link>
            </li>
          ) : null}
          {writable ? (
            <li>
              <Link to={createPath({ resource, type: 'create' })}>
                {translate('porta.content.created.another')}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={createPath({ resource, type: 'list' })}>{translate('porta.content.created.list')}</Link>
          </li>
        </Stack>
      </CardContent>
    </Card>
  );
}
