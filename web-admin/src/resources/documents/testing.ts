import type { Document, DocumentPage, Folder, MeResponse, Video } from '@porta/contracts';
import {
  apartment,
  type Handler,
  housingCompany,
  json,
  listOf,
  meOf,
  mockFetch,
  myHousingCompany,
} from '../../testing/fetch-mock';

/** The document library's tests: a housing company, its folders and files, and the API around them. */

export const DOCS = '/api/documents';
export const linden = housingCompany(1, { name: 'Linden Court', hcExt: 'LINDEN' });
export const aspen = housingCompany(2, { name: 'Aspen Yard' });
export const flat = apartment(1, linden.id, { no: 'A 1', aptext: 'LINDEN-A1' });

/**
 * The first query of a test waits longer: the whole app starts (session, /me, the language) before
 * the page shows, which on a machine busy with other test processes can take more than the usual wait.
 */
export const STARTUP = { timeout: 30_000 };

export const uuid = (n: number) => `0195f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

export function folder(n: number, overrides: Partial<Folder> = {}): Folder {
  const name = overrides.name ?? `Folder ${n}`;
  return {
    id: uuid(100 + n),
    key: null,
    name,
    names: { name, translations: {} },
    path: name,
    parentId: null,
    scope: 'project',
    housingCompanyId: linden.id,
    apartmentId: null,
    subScope: null,
    visible: true,
    homeFolder: false,
    rules: [],
    inherited: false,
    documentCount: 0,
    updatedAt: '2026-03-01T10:00:00.000Z',
    canRead: true,
    canUpload: true,
    canUpdate: true,
    canDelete: true,
    ...overrides,
  };
}

export function doc(n: number, folderId: string, overrides: Partial<Document> = {}): Document {
  const name = overrides.name ?? `file-${n}.pdf`;
  return {
    id: uuid(500 + n),
    name,
    fileName: name,
    extension: 'pdf',
    mimeType: 'application/pdf',
    size: 2048,
    folderId,
    path: 'Folder',
    housingCompanyId: linden.id,
    apartmentId: null,
    tags: [],
    homeFolder: null,
    uploadBatchId: null,
    createdUserUuid: uuid(900),
    created: '2026-03-02T08:30:00.000Z',
    modified: '2026-03-02T08:30:00.000Z',
    fileUrl: `${DOCS}/documents/${uuid(500 + n)}/file`,
    thumbnails: null,
    canUpdate: true,
    canDelete: true,
    ...overrides,
  };
}

/** The standard folders a company starts with, one of them hidden and one below another. */
export const home = folder(1, {
  key: 'home',
  name: 'Home manual',
  homeFolder: true,
  documentCount: 2,
  rules: [{ group: 'hc_all', read: true, create: false, update: false, delete: false }],
});
export const board = folder(2, {
  key: 'hc_board',
  name: 'Board',
  rules: [{ group: 'hc_board', read: true, create: true, update: true, delete: true }],
});
export const minutes = folder(3, {
  name: 'Minutes',
  parentId: board.id,
  path: 'Board / Minutes',
  inherited: true,
  rules: board.rules,
});
export const crm = folder(4, { key: 'crm_import', name: 'CRM import', visible: false });
export const FOLDERS = [home, board, minutes, crm];
/** The apartment's folder. */
export const ownerDocs = folder(20, {
  key: 'apt_owner',
  name: 'Owner documents',
  scope: 'apartment',
  apartmentId: flat.id,
});

export function video(n: number, overrides: Partial<Video> = {}): Video {
  const title = overrides.title ?? `Video ${n}`;
  const identifier = overrides.identifier ?? `AbCdEfGhIj${n % 10}`;
  return {
    id: uuid(700 + n),
    housingCompanyId: linden.id,
    codename: `video_${n}`,
    title,
    titles: { title, translations: {} },
    source: 'youtube',
    identifier,
    fullUrl: `https://www.youtube.com/watch?v=${identifier}`,
    embedUrl: `https://www.youtube-nocookie.com/embed/${identifier}`,
    documentFolderKey: null,
    position: n,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const page = (items: Document[], nextCursor: string | null = null): DocumentPage => ({
  items,
  nextCursor,
});

interface DocumentsApiOptions {
  me?: MeResponse;
  folders?: Folder[];
  /** The files of each folder, by its id (none: an empty page). */
  files?: Record<string, DocumentPage>;
  manages?: boolean;
  /** The company's introduction videos (none: an empty list). */
  videos?: Video[];
  routes?: Record<string, Handler>;
}

/** The identity and documents routes the library calls, answered from the options. */
export function documentsApi({
  me = meOf(['yitUser']),
  folders = FOLDERS,
  files = {},
  manages = true,
  videos = [],
  routes = {},
}: DocumentsApiOptions = {}) {
  const folderFiles: Record<string, Handler> = {};
  for (const f of [...folders, ownerDocs]) {
    folderFiles[`GET ${DOCS}/folders/${f.id}/documents`] = () => json(files[f.id] ?? page([]));
  }
  return mockFetch({
    'GET /api/identity/me': () => json(me),
    'GET /api/identity/admin/housing-companies': () => listOf('housing-companies', [linden, aspen]),
    [`GET /api/identity/admin/housing-companies/${linden.id}`]: () => json(linden),
    'GET /api/identity/admin/apartments': () => listOf('apartments', [flat]),
    [`GET ${DOCS}/housing-companies/${linden.id}/folders`]: (request) =>
      json({
        housingCompanyId: linden.id,
        apartmentId: request.query.get('apartmentId'),
        manages,
        folders: request.query.get('apartmentId') ? [ownerDocs] : folders,
      }),
    ...folderFiles,
    [`GET ${DOCS}/housing-companies/${linden.id}/videos`]: () =>
      json({ housingCompanyId: linden.id, manages, videos }),
    ...routes,
  });
}

/** A property manager of Linden Court who works for a property-management company (a partner). */
export const propertyManager = () =>
  meOf(
    [],
    {
      partnerCompanies: [
        { id: '2d3e4f5a-6b7c-4d8e-9f0a-000000000001', externalId: null, name: 'Demo Isännöinti Oy' },
      ],
    },
    [myHousingCompany(1, ['propertyManager'])],
  );
