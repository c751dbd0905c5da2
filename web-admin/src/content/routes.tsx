import { lazy } from 'react';
import { useCreatePath } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router';
import type { Capabilities } from '../auth/access';

const CreatedPage = lazy(() => import('./CreatedPage').then((m) => ({ default: m.CreatedPage })));
const PreviewPage = lazy(() => import('./PreviewPage').then((m) => ({ default: m.PreviewPage })));

function RedirectTo({ resource, type }: { resource: string; type: 'create' | 'edit' }) {
  const { id } = useParams();
  const createPath = useCreatePath();
  return <Navigate replace to={createPath({ resource, id, type })} />;
}

/**
 * The spec's addresses of a content resource (03 §2: new, edit/{id}, created/{id}, preview/{id})
 * as routes inside the resource: `new` and `edit/:id` lead to react-admin's create and edit pages.
 */
export function contentRoutes(
  resource: string,
  options: {
    canWrite: (can: Capabilities) => boolean;
    preview?: 'news' | 'calendar';
    titleOf?: (record: Record<string, unknown>) => string;
    writable: boolean;
  },
) {
  return [
    options.writable ? (
      <Route key="new" path="new" element={<RedirectTo resource={resource} type="create" />} />
    ) : null,
    options.writable ? (
      <Route key="edit" path="edit/:id" element={<RedirectTo resource={resource} type="edit" />} />
    ) : null,
    <Route
      key="created"
      path="created/:id"
      element={
        <CreatedPage
          resource={resource}
          preview={!!options.preview}
          canWrite={options.canWrite}
          titleOf={options.titleOf}
        />
      }
    />,
    options.preview ? (
      <Route
        key="preview"
        path="preview/:id"
        element={<PreviewPage resource={resource} kind={options.preview} />}
      />
    ) : null,
  ];
}
