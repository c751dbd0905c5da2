import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { type AdminHousingCompany, type Video, zFolderList, zVideoList } from '@porta/contracts';
import { useEffect, useState } from 'react';
import {
  Confirm,
  Title,
  useBasename,
  useGetList,
  useGetOne,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { HiddenText } from '../../common/HiddenText';
import { codeOf, useErrorText } from '../../content/api';
import { HousingCompanyPicker } from '../../content/HousingCompanyPicker';
import { useDocumentsApi, useDocumentsGet } from './api';
import { isUuid } from './tree';
import { folderKeyOf, VideoDialog, type VideoDialogMode } from './VideoDialog';

/**
 * A housing company's introduction videos (03 §2 /admin/videos/{hcExtId}; 02 §2 "listed beside the
 * folders"): choose a housing company, then list, add, change and delete its videos. The address
 * names the company (`/videos/<id>`); an external id (hcExt), as the spec's address has, is looked
 * up and replaced by the id.
 */
export function VideoLibrary() {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const params = useParams();
  const [hcParam] = (params['*'] ?? '').split('/').filter(Boolean);
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
  const externalCompany =
    hcParam && !hcIsId
      ? byExternalId.data?.find((hc) => hc.hcExt.toLowerCase() === hcParam.toLowerCase())
      : undefined;
  useEffect(() => {
    if (externalCompany) navigate(`${basename}/videos/${externalCompany.id}`, { replace: true });
  }, [externalCompany, basename, navigate]);

  const housingCompanyId = hcIsId ? hcParam : null;
  const companyMissing =
    (hcIsId && !!company.error) || (!!hcParam && !hcIsId && !byExternalId.isPending && !externalCompany);

  return (
    <Box sx={{ py: 2 }}>
      <Title title="porta.documents.videos.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('porta.documents.videos.title')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <HousingCompanyPicker
          value={hcIsId ? (company.data ?? null) : null}
          onChange={(next) => navigate(`${basename}/videos${next ? `/${encodeURIComponent(next.id)}` : ''}`)}
        />
      </Box>
      {companyMissing ? (
        <Alert severity="warning">{translate('porta.documents.company_not_found')}</Alert>
      ) : housingCompanyId ? (
        <Videos key={housingCompanyId} housingCompanyId={housingCompanyId} />
      ) : hcParam ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Typography color="text.secondary">{translate('porta.documents.videos.choose_company')}</Typography>
      )}
    </Box>
  );
}

/**
 * The company's videos as a table in list order: title (in the viewer's language), source, the
 * video's page (a new tab), the folder it is shown beside. Those who run the company's documents
 * add, change and delete them (delete is confirmed first); a company without a building-taxonomy
 * term says so, with what to do about it.
 */
function Videos({ housingCompanyId }: { housingCompanyId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useDocumentsApi();
  const basename = useBasename();
  const [locale] = useLocaleState();
  const base = `/housing-companies/${encodeURIComponent(housingCompanyId)}`;
  const list = useDocumentsGet(`${base}/videos`, zVideoList, { lang: locale });
  const folders = useDocumentsGet(`${base}/folders`, zFolderList, { lang: locale });
  const [dialog, setDialog] = useState<VideoDialogMode | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const folderList = folders.data?.folders ?? [];
  const folderName = (key: string) =>
    folderList.find((folder) => folderKeyOf(folder) === key)?.path ??
    translate('porta.documents.videos.missing_folder', { key });
  const manages = !!list.data?.manages;

  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await api.call('DELETE', `/videos/${encodeURIComponent(deleting.id)}`, { schema: z.unknown() });
      notify('porta.documents.videos.deleted', { type: 'info', messageArgs: { name: deleting.title } });
      list.reload();
    } catch (error) {
      const text = errorText(error);
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const toDocuments = (
    <Link component={RouterLink} to={`${basename}/documents/${encodeURIComponent(housingCompanyId)}`}>
      <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center' }}>
        <FolderIcon fontSize="small" />
        <span>{translate('porta.documents.videos.to_documents')}</span>
      </Stack>
    </Link>
  );

  if (list.error && !list.data) {
    const taxonomy = codeOf(list.error) === 'DOC_VIDEO_TAXONOMY_MISSING';
    return (
      <Stack spacing={2}>
        <Alert
          severity={taxonomy ? 'warning' : 'error'}
          action={
            taxonomy ? undefined : (
              <Button color="inherit" size="small" onClick={list.reload}>
                {translate('porta.documents.retry')}
              </Button>
            )
          }
        >
          {errorText(list.error)}
          {taxonomy ? (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {translate('porta.documents.videos.taxonomy_help')}
            </Typography>
          ) : null}
        </Alert>
        <Box>{toDocuments}</Box>
      </Stack>
    );
  }
  if (!list.data) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const videos = list.data.videos;

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1 }}
      >
        {toDocuments}
        {manages ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ mode: 'create' })}
          >
            {translate('porta.documents.videos.add')}
          </Button>
        ) : null}
      </Stack>
      {manages ? null : (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('porta.documents.videos.read_only')}
        </Alert>
      )}
      {list.isPending ? <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mb: 1 }} /> : null}
      {videos.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {translate('porta.documents.videos.empty')}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('porta.documents.videos.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('porta.documents.videos.position')}</TableCell>
                <TableCell>{translate('porta.documents.videos.video_title')}</TableCell>
                <TableCell>{translate('porta.documents.videos.source')}</TableCell>
                <TableCell>{translate('porta.documents.videos.identifier')}</TableCell>
                <TableCell>{translate('porta.documents.videos.folder')}</TableCell>
                <TableCell>
                  <HiddenText>{translate('porta.common.actions')}</HiddenText>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {videos.map((video) => (
                <TableRow key={video.id}>
                  <TableCell>{video.position}</TableCell>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                    {video.title}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {video.codename}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {translate(`porta.documents.videos.sources.${video.source}`)}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                    <Link
                      href={video.fullUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={translate('porta.documents.videos.watch', { name: video.title })}
                    >
                      <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center' }}>
                        <span>{video.identifier}</span>
                        <OpenInNewIcon fontSize="inherit" />
                      </Stack>
                    </Link>
                  </TableCell>
                  <TableCell>
                    {video.documentFolderKey
                      ? folderName(video.documentFolderKey)
                      : translate('porta.documents.videos.no_folder')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {manages ? (
                      <>
                        <Tooltip
                          title={translate('porta.documents.videos.edit_named', { name: video.title })}
                        >
                          <IconButton
                            size="small"
                            aria-label={translate('porta.documents.videos.edit_named', { name: video.title })}
                            onClick={() => setDialog({ mode: 'edit', video })}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip
                          title={translate('porta.documents.videos.delete_named', { name: video.title })}
                        >
                          <IconButton
                            size="small"
                            color="error"
                            aria-label={translate('porta.documents.videos.delete_named', {
                              name: video.title,
                            })}
                            onClick={() => setDeleting(video)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <VideoDialog
        mode={dialog}
        housingCompanyId={housingCompanyId}
        folders={folderList}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          list.reload();
        }}
      />
      <Confirm
        isOpen={!!deleting}
        loading={deleteBusy}
        title="porta.documents.videos.delete_title"
        content="porta.documents.videos.delete_confirm"
        translateOptions={{ name: deleting?.title ?? '' }}
        confirm="porta.documents.file.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
