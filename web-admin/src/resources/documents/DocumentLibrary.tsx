import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import VideoIcon from '@mui/icons-material/OndemandVideoOutlined';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { type AdminApartment, type AdminHousingCompany, type Folder, zFolderList } from '@porta/contracts';
import { useEffect, useId, useState } from 'react';
import { Title, useBasename, useGetList, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useErrorText } from '../../content/api';
import { HousingCompanyPicker } from '../../content/HousingCompanyPicker';
import { useDocumentsGet } from './api';
import { FolderDialog, type FolderDialogMode } from './FolderDialog';
import { FolderPanel } from './FolderPanel';
import { FolderRulesDialog } from './FolderRulesDialog';
import { FolderTree } from './FolderTree';
import { flatten, isUuid } from './tree';

/** The apartments of a company at most in the select (identity's list answers up to 1000 rows). */
const APARTMENTS_MAX = 1000;

/**
 * The document library (03 §2 /admin/documents, optional {hc}/{apt}): choose a housing company,
 * then its folders or one apartment's, and work in them — the folder tree on the left, the chosen
 * folder's files on the right (one column on a phone). The address says what is chosen:
 * `/documents/<housing company id>/<apartment id>?folder=<folder id>`; an external id (hcExt,
 * aptext) in the address, as the spec's links have, is looked up and replaced by the id. The
 * company's introduction videos are a page of their own, linked from here.
 */
export function DocumentLibrary() {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const params = useParams();
  const [hcParam, aptParam] = (params['*'] ?? '').split('/').filter(Boolean);
  const hcIsId = !!hcParam && isUuid(hcParam);

  const company = useGetOne<AdminHousingCompany>(
    'housing-companies',
    { id: hcParam ?? '' },
    { enabled: hcIsId, retry: false },
  );
  const byExternalId = useGetList<AdminHousingCompany>(
    'housing-companies',
    { filter: { q: hcParam }, pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: !!hcParam && !hcIsId, retry: false },
  );
  const housingCompanyId = hcIsId ? hcParam : null;
  const apartments = useGetList<AdminApartment>(
    'apartments',
    {
      filter: { housingCompanyId },
      pagination: { page: 1, perPage: APARTMENTS_MAX },
      sort: { field: 'no', order: 'ASC' },
    },
    { enabled: !!housingCompanyId, retry: false },
  );
  const aptIsId = !!aptParam && isUuid(aptParam);
  const apartmentId = housingCompanyId && aptIsId ? aptParam : null;

  const go = (hc: string | null, apt: string | null = null) => {
    const path = hc
      ? `/documents/${encodeURIComponent(hc)}${apt ? `/${encodeURIComponent(apt)}` : ''}`
      : '/documents';
    navigate(`${basename}${path}`);
  };

  // External ids in the address become ids (the history entry is replaced).
  const externalCompany =
    hcParam && !hcIsId
      ? byExternalId.data?.find((hc) => hc.hcExt.toLowerCase() === hcParam.toLowerCase())
      : undefined;
  const externalApartment =
    housingCompanyId && aptParam && !aptIsId
      ? apartments.data?.find((apt) => apt.aptext.toLowerCase() === aptParam.toLowerCase())
      : undefined;
  useEffect(() => {
    if (externalCompany) {
      const apartment = aptParam ? `/${encodeURIComponent(aptParam)}` : '';
      navigate(`${basename}/documents/${externalCompany.id}${apartment}`, { replace: true });
    } else if (externalApartment && housingCompanyId) {
      navigate(`${basename}/documents/${housingCompanyId}/${externalApartment.id}`, { replace: true });
    }
  }, [externalCompany, externalApartment, housingCompanyId, aptParam, basename, navigate]);

  const companyMissing =
    (hcIsId && !!company.error) || (!!hcParam && !hcIsId && !byExternalId.isPending && !externalCompany);
  const apartmentMissing =
    !!housingCompanyId && !!aptParam && !aptIsId && !apartments.isPending && !externalApartment;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="porta.documents.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('porta.documents.title')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <HousingCompanyPicker
          value={hcIsId ? (company.data ?? null) : null}
          onChange={(next) => go(next?.id ?? null)}
        />
        {housingCompanyId ? (
          <TextField
            select
            size="small"
            label={translate('porta.documents.apartment')}
            value={apartmentId ?? ''}
            onChange={(event) => go(housingCompanyId, event.target.value || null)}
            disabled={apartments.isPending}
            helperText={apartments.error ? translate('porta.documents.apartments_failed') : undefined}
            error={!!apartments.error}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 240 }}
          >
            <option value="">{translate('porta.documents.company_folders')}</option>
            {(apartments.data ?? []).map((apt) => (
              <option key={apt.id} value={apt.id}>
                {apt.externalName ? `${apt.no} (${apt.externalName})` : apt.no}
              </option>
            ))}
          </TextField>
        ) : null}
        {housingCompanyId ? (
          <Button
            component={RouterLink}
            to={`${basename}/videos/${encodeURIComponent(housingCompanyId)}`}
            startIcon={<VideoIcon />}
            sx={{ alignSelf: { sm: 'center' } }}
          >
            {translate('porta.documents.videos.title')}
          </Button>
        ) : null}
      </Stack>
      {companyMissing ? (
        <Alert severity="warning">{translate('porta.documents.company_not_found')}</Alert>
      ) : apartmentMissing ? (
        <Alert severity="warning">{translate('porta.documents.apartment_not_found')}</Alert>
      ) : housingCompanyId && (!aptParam || apartmentId) ? (
        <Library
          key={`${housingCompanyId}/${apartmentId ?? ''}`}
          housingCompanyId={housingCompanyId}
          apartmentId={apartmentId}
        />
      ) : hcParam ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Typography color="text.secondary">{translate('porta.documents.choose_company')}</Typography>
      )}
    </Box>
  );
}

/**
 * One tree of folders (the housing company's, or an apartment's) and the chosen folder's files.
 * Those who run the company's documents (`manages`) also make, edit, re-rule and delete folders.
 */
function Library({
  housingCompanyId,
  apartmentId,
}: {
  housingCompanyId: string;
  apartmentId: string | null;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [locale] = useLocaleState();
  const [search, setSearch] = useSearchParams();
  const headingId = useId();
  const list = useDocumentsGet(
    `/housing-companies/${encodeURIComponent(housingCompanyId)}/folders`,
    zFolderList,
    {
      apartmentId: apartmentId ?? undefined,
      lang: locale,
    },
  );
  const [dialog, setDialog] = useState<FolderDialogMode | null>(null);
  const [rulesOf, setRulesOf] = useState<Folder | null>(null);

  const folders = list.data?.folders ?? [];
  const wanted = search.get('folder');
  const selected = folders.find((folder) => folder.id === wanted) ?? flatten(folders)[0]?.folder ?? null;
  const manages = !!list.data?.manages;
  // The open folder is in the address (`?folder=`), so a reload or a shared link opens it again.
  const choose = (folder: Folder | null) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (folder) next.set('folder', folder.id);
      else next.delete('folder');
      return next;
    });

  if (list.error && !list.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={list.reload}>
            {translate('porta.documents.retry')}
          </Button>
        }
      >
        {errorText(list.error)}
      </Alert>
    );
  }
  if (!list.data) return <LinearProgress aria-label={translate('ra.page.loading')} />;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(220px, 1fr) minmax(0, 3fr)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {translate('porta.documents.folders')}
          </Typography>
          {manages ? (
            <Button
              size="small"
              startIcon={<CreateNewFolderIcon />}
              onClick={() => setDialog({ mode: 'create', parentId: null })}
            >
              {translate('porta.documents.folder.new_top')}
            </Button>
          ) : null}
        </Stack>
        {list.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 1 }} /> : null}
        {folders.length ? (
          <FolderTree
            folders={folders}
            selectedId={selected?.id ?? null}
            onSelect={choose}
            labelledBy={headingId}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('porta.documents.no_folders')}
          </Typography>
        )}
      </Paper>
      {selected ? (
        <FolderPanel
          key={selected.id}
          folder={selected}
          folders={folders}
          manages={manages}
          housingCompanyId={housingCompanyId}
          onFoldersChanged={list.reload}
          onCreateSub={() => setDialog({ mode: 'create', parentId: selected.id })}
          onEdit={() => setDialog({ mode: 'edit', folder: selected })}
          onRules={() => setRulesOf(selected)}
          onDeleted={() => {
            choose(folders.find((folder) => folder.id === selected.parentId) ?? null);
            list.reload();
          }}
        />
      ) : null}
      <FolderDialog
        mode={dialog}
        folders={folders}
        housingCompanyId={housingCompanyId}
        apartmentId={apartmentId}
        onClose={() => setDialog(null)}
        onSaved={(folder) => {
          setDialog(null);
          list.reload();
          choose(folder);
        }}
      />
      <FolderRulesDialog
        folder={rulesOf}
        onClose={() => setRulesOf(null)}
        onSaved={() => {
          setRulesOf(null);
          list.reload();
        }}
      />
    </Box>
  );
}
