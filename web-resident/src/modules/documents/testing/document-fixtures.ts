import type {
  Document,
  DocumentPage,
  DownloadLink,
  Folder,
  FolderList,
  Video,
  VideoList,
} from '@porta/contracts';
import { IDS } from '../../../testing/fixtures';

/** Test data of the documents service's answers (valid against the contracts). */

export function docId(n: number): string {
  return `5d0c1b2a-3e4f-4a5b-8c6d-${String(n).padStart(12, '0')}`;
}

export const HOME_ID = docId(1);
export const BLUEPRINTS_ID = docId(2);
export const BOARD_ID = docId(3);
export const APT_FOLDER_ID = docId(10);
export const BATCH_ID = docId(900);

export function folder(overrides: Partial<Folder> = {}): Folder {
  return {
    id: HOME_ID,
    key: 'home',
    name: 'Home manual',
    names: null,
    path: 'Home manual',
    parentId: null,
    scope: 'project',
    housingCompanyId: IDS.demoHc,
    apartmentId: null,
    subScope: null,
    visible: true,
    homeFolder: false,
    rules: null,
    inherited: false,
    documentCount: 0,
    updatedAt: '2026-03-01T08:00:00.000Z',
    canRead: true,
    canUpload: false,
    canUpdate: false,
    canDelete: false,
    ...overrides,
  };
}

export function folderList(folders: Folder[], overrides: Partial<FolderList> = {}): FolderList {
  return { housingCompanyId: IDS.demoHc, apartmentId: null, manages: false, folders, ...overrides };
}

/** The housing company's tree: Home manual › Blueprints, and the board's folder, in the service's order. */
export function projectFolders(overrides: Partial<Folder> = {}): FolderList {
  return folderList([
    folder({ documentCount: 1, ...overrides }),
    folder({ id: BOARD_ID, key: 'hc_board', name: 'Board', path: 'Board', documentCount: 0 }),
    folder({
      id: BLUEPRINTS_ID,
      key: null,
      name: 'Blueprints',
      path: 'Home manual / Blueprints',
      parentId: HOME_ID,
      documentCount: 3,
    }),
  ]);
}

export function doc(overrides: Partial<Document> = {}): Document {
  return {
    id: docId(100),
    name: 'Floor plan A 1',
    fileName: 'floor-plan-a1.pdf',
    extension: 'pdf',
    mimeType: 'application/pdf',
    size: 245_760,
    folderId: HOME_ID,
    path: 'Home manual',
    housingCompanyId: IDS.demoHc,
    apartmentId: null,
    tags: [],
    homeFolder: null,
    uploadBatchId: null,
    createdUserUuid: IDS.user,
    created: '2026-03-02T10:00:00.000Z',
    modified: '2026-03-02T10:00:00.000Z',
    fileUrl: `/api/documents/documents/${docId(100)}/file`,
    thumbnails: null,
    canUpdate: false,
    canDelete: false,
    ...overrides,
  };
}

export function page(items: Document[], nextCursor: string | null = null): DocumentPage {
  return { items, nextCursor };
}

export function downloadLink(overrides: Partial<DownloadLink> = {}): DownloadLink {
  return {
    url: `/api/documents/downloads/${docId(800)}`,
    fileName: 'documents.zip',
    count: 2,
    expiresAt: '2026-03-02T10:10:00.000Z',
    ...overrides,
  };
}

export function video(overrides: Partial<Video> = {}): Video {
  return {
    id: docId(700),
    housingCompanyId: IDS.demoHc,
    codename: 'welcome',
    title: 'Welcome home',
    titles: { title: 'Welcome home', translations: {} },
    source: 'youtube',
    identifier: 'AbCdEfGh_-1',
    fullUrl: 'https://www.youtube.com/watch?v=AbCdEfGh_-1',
    embedUrl: 'https://www.youtube-nocookie.com/embed/AbCdEfGh_-1',
    documentFolderKey: null,
    position: 0,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function videoList(videos: Video[]): VideoList {
  return { housingCompanyId: IDS.demoHc, manages: false, videos };
}
