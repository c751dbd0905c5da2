import type { MyHousingCompany } from '@porta/contracts';
import { isUuid } from '@porta/web-kit';
import { ChevronDownIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { usePageMeta } from '../../layout';
import { RequireHousingCompany } from '../../news';
import { useCurrentUser } from '../../startup';
import { useFolders } from '../hooks/queries';
import { isDocumentError, useDocumentErrorText } from '../hooks/use-error-text';
import { ancestorIds, buildFolderTree, firstFolder } from '../utils/folder-tree';
import { APARTMENT_DOCUMENTS_PATH, DOCUMENTS_PATH, folderPath, type LibraryScope } from '../utils/paths';
import { FolderFiles } from './FolderFiles';
import { FolderTree } from './FolderTree';
import { IntroductionVideos } from './IntroductionVideos';

/** /documents (02 §2): the selected housing company's document library. */
export function DocumentsPage() {
  return (
    <RequireHousingCompany>
      <Library scope="project" />
    </RequireHousingCompany>
  );
}

/** /my-apartment/documents (02 §2): the selected apartment's document library. */
export function ApartmentDocumentsPage() {
  return (
    <RequireHousingCompany>
      <Library scope="apartment" />
    </RequireHousingCompany>
  );
}

type Apartment = MyHousingCompany['apts'][number];

/** The apartment whose documents show: the selected one when it is of this company, else its first. */
function useApartment(): Apartment | null {
  const { me, housingCompany } = useCurrentUser();
  const apartments = housingCompany?.apts ?? [];
  return apartments.find((apartment) => apartment.id === me.selectedApartmentId) ?? apartments[0] ?? null;
}

/** The housing company's and the apartment's libraries, side by side as links (when there is an apartment). */
function LibraryViews({ apartment }: { apartment: Apartment | null }) {
  const { t } = useTranslation('documents');
  if (!apartment) return null;
  const className = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'documents__view documents__view--current' : 'documents__view';
  return (
    <nav className="documents__views" aria-label={t('views.label')}>
      <NavLink className={className} to={DOCUMENTS_PATH} end>
        {t('views.housingCompany')}
      </NavLink>
      <NavLink className={className} to={APARTMENT_DOCUMENTS_PATH} end>
        {t('views.apartment', { no: apartment.externalName ?? apartment.no })}
      </NavLink>
    </nav>
  );
}

/**
 * A document library (02 §2–§3): the folders the user may read as a tree, each with its file count,
 * beside the chosen folder's files; the housing company's library lists its introduction videos
 * under the tree. The folder is in the address (`?folder=<id>`; an old `/documents/<id>` address
 * names it too); without one the first folder with files shows (else the first). On a phone the tree folds behind a button
 * that names the folder shown.
 */
function Library({ scope }: { scope: LibraryScope }) {
  const { t } = useTranslation('documents');
  const apartment = useApartment();
  const heading = scope === 'apartment' ? t('apartmentTitle') : t('title');
  usePageMeta({ title: heading });
  const idBase = useId();
  const apartmentId = scope === 'apartment' ? (apartment?.id ?? null) : null;
  const folders = useFolders(apartmentId, scope === 'project' || apartmentId !== null);
  const errorText = useDocumentErrorText();
  const [params] = useSearchParams();
  const { '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const fromPath = rest.split('/')[0] ?? '';
  const asked = params.get('folder') ?? (isUuid(fromPath) ? fromPath : null);

  const tree = useMemo(() => buildFolderTree(folders.data?.folders ?? []), [folders.data]);
  const chosen = asked ? (tree.byId.get(asked) ?? null) : firstFolder(tree);
  const chosenId = chosen?.folder.id ?? null;

  // The chosen folder's way down is open (also when it is chosen from elsewhere, e.g. the dashboard).
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (chosenId && openedFor !== chosenId && tree.byId.has(chosenId)) {
    setOpenedFor(chosenId);
    const above = ancestorIds(tree, chosenId);
    if (above.some((id) => !open.has(id))) setOpen(new Set([...open, ...above]));
  }
  const [treeShown, setTreeShown] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const toggle = (id: string, on: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const select = (id: string) => {
    // On a phone the tree folds once a folder is chosen; focus goes back to its button.
    if (treeShown) {
      setTreeShown(false);
      toggleRef.current?.focus();
    }
    if (asked !== id) navigate(folderPath(scope, id));
  };

  const body = () => {
    if (scope === 'apartment' && !apartment) {
      return (
        <EmptyState
          title={t('noApartmentTitle')}
          description={t('noApartmentText')}
          action={{ label: t('toMyApartment'), to: '/my-apartment' }}
        />
      );
    }
    if (!folders.data) {
      return (
        <QueryStatus
          pending={folders.isPending}
          error={folders.error}
          message={isDocumentError(folders.error) ? errorText(folders.error) : undefined}
          onRetry={() => void folders.refetch()}
        />
      );
    }
    if (folders.data.folders.length === 0) {
      return (
        <>
          <EmptyState title={t('folders.emptyTitle')} description={t('folders.emptyText')} />
          {scope === 'project' && <IntroductionVideos />}
        </>
      );
    }
    return (
      <div className="documents__layout">
        <div className="documents__side">
          <nav
            className={
              treeShown ? 'card documents__folders documents__folders--shown' : 'card documents__folders'
            }
            aria-labelledby={`${idBase}-folders`}
          >
            <h2 id={`${idBase}-folders`} className="documents__folders-title">
              {t('folders.label')}
            </h2>
            <button
              ref={toggleRef}
              type="button"
              className="button button--secondary documents__folders-toggle"
              aria-expanded={treeShown}
              aria-controls={`${idBase}-tree`}
              onClick={() => setTreeShown((shown) => !shown)}
            >
              <span>{chosen ? t('folders.current', { name: chosen.folder.name }) : t('folders.show')}</span>
              <ChevronDownIcon
                className="documents__folders-chevron"
                size={18}
                aria-hidden="true"
                focusable="false"
              />
            </button>
            <div id={`${idBase}-tree`} className="documents__tree">
              <FolderTree tree={tree} selectedId={chosenId} open={open} onToggle={toggle} onSelect={select} />
            </div>
          </nav>
          {scope === 'project' && <IntroductionVideos />}
        </div>
        <div className="documents__content">
          {chosen ? (
            <FolderFiles key={chosen.folder.id} folder={chosen.folder} />
          ) : (
            <EmptyState
              title={t('folders.notFound')}
              action={{ label: t('folders.toFirst'), to: folderPath(scope, firstFolder(tree)?.folder.id) }}
            />
          )}
        </div>
      </div>
    );
  };

  return (
    <section className="page documents" aria-labelledby={`${idBase}-title`}>
      <div className="documents__heading">
        <h1 id={`${idBase}-title`}>{heading}</h1>
        <LibraryViews apartment={apartment} />
      </div>
      {body()}
    </section>
  );
}
