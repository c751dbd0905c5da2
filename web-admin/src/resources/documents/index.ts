import { lazy } from 'react';

/** The document library's page (03 §2 /admin/documents), loaded when first opened. */
export const DocumentLibrary = lazy(() =>
  import('./DocumentLibrary').then((m) => ({ default: m.DocumentLibrary })),
);

/** A housing company's introduction videos (03 §2 /admin/videos/{hcExtId}), loaded when first opened. */
export const VideoLibrary = lazy(() => import('./VideoLibrary').then((m) => ({ default: m.VideoLibrary })));
