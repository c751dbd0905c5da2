import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  CircularProgress,
  FormHelperText,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  APARTMENT_IMAGES_PER_UPLOAD_MAX,
  type ApartmentImage,
  type ApartmentImageUploadResult,
  zApartmentImageList,
  zApartmentImageUpload,
  zAssetUploadResponse,
} from '@porta/contracts';
import { useId, useMemo, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatDateTime, useHousingCompanyTimeZone } from '../../common/dates';
import { FilePickerButton } from '../../common/FilePickerButton';
import { fileProblem } from '../../content/AssetInput';
import { useContentApi, useContentGet, useErrorText } from '../../content/api';

/** What became of one chosen file: the server's answer, or why it was not sent. */
type FileOutcome =
  | { kind: 'result'; result: ApartmentImageUploadResult }
  | { kind: 'failed'; key: string; fileName: string; problem: string };

/** The images grouped by apartment, in the list's order (apartment number, then name). */
function byApartment(items: readonly ApartmentImage[]) {
  const groups = new Map<string, { no: string | null; items: ApartmentImage[] }>();
  for (const item of items) {
    const group = groups.get(item.apartmentId) ?? { no: item.apartmentNo, items: [] };
    group.items.push(item);
    groups.set(item.apartmentId, group);
  }
  return [...groups.entries()].map(([apartmentId, group]) => ({ apartmentId, ...group }));
}

/**
 * A housing company's apartment images (03 §5, 02 §5): images matched to apartments by file name,
 * split on a double underscore (`A 12__B.3__floor-plan.png`: apartments A 12 and B 3, image
 * `floor-plan.png`). The housing-company editors pick several files, which are uploaded one by
 * one (POST /admin/assets?purpose=image) and then posted together; the answer says where each file
 * went and which matched nothing, and why. Below, the company's images by apartment, each
 * removable. Residents see their apartment's images on their apartment page.
 */
export function HousingCompanyApartmentImages({
  housingCompanyId,
  canEdit,
}: {
  housingCompanyId: string;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const timeZone = useHousingCompanyTimeZone(housingCompanyId);
  const notify = useNotify();
  const api = useContentApi();
  const errorText = useErrorText();
  const id = useId();
  const path = `/admin/housing-companies/${housingCompanyId}/apartment-images`;
  const { data, error, isPending, reload } = useContentGet(path, zApartmentImageList);
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<FileOutcome[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ApartmentImage | null>(null);
  const groups = useMemo(() => byApartment(data?.items ?? []), [data]);
  const apartmentName = (no: string | null) =>
    no
      ? translate('porta.housing_companies.apartment_images.apartment', { no })
      : translate('porta.housing_companies.apartment_images.unknown_apartment');

  const upload = async (files: File[]) => {
    setProblem(null);
    setOutcomes(null);
    if (files.length > APARTMENT_IMAGES_PER_UPLOAD_MAX) {
      setProblem(
        translate('porta.housing_companies.apartment_images.too_many', {
          max: APARTMENT_IMAGES_PER_UPLOAD_MAX,
        }),
      );
      return;
    }
    setBusy(true);
    const failed: FileOutcome[] = [];
    const uploaded: string[] = [];
    try {
      for (const file of files) {
        const local = fileProblem(file, 'image');
        if (local) {
          failed.push({
            kind: 'failed',
            key: `${failed.length}:${file.name}`,
            fileName: file.name,
            problem: translate(local[0], local[1]),
          });
          continue;
        }
        try {
          const asset = await api.upload('/admin/assets', file, {
            query: { purpose: 'image' },
            schema: zAssetUploadResponse,
          });
          uploaded.push(asset.id);
        } catch (failure) {
          failed.push({
            kind: 'failed',
            key: `${failed.length}:${file.name}`,
            fileName: file.name,
            problem: errorText(failure),
          });
        }
      }
      let results: FileOutcome[] = [];
      if (uploaded.length) {
        const answer = await api.call('POST', path, {
          body: { assetIds: uploaded },
          schema: zApartmentImageUpload,
        });
        results = answer.files.map((result) => ({ kind: 'result' as const, result }));
        reload();
      }
      const all = [...results, ...failed];
      setOutcomes(all);
      const added = results.filter((r) => r.kind === 'result' && r.result.apartments.length > 0).length;
      notify('porta.housing_companies.apartment_images.summary', {
        type: added === all.length ? 'info' : 'warning',
        messageArgs: { added, total: all.length },
      });
    } catch (failure) {
      setProblem(errorText(failure));
      setOutcomes(failed.length ? failed : null);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await api.call('DELETE', `${path}/${removing.id}`);
      notify('porta.housing_companies.apartment_images.removed', { type: 'info' });
      reload();
    } catch (failure) {
      setProblem(errorText(failure));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const problemText = (result: ApartmentImageUploadResult) => {
    if (!result.problem) return null;
    return translate(`porta.housing_companies.apartment_images.problems.${result.problem}`, {
      identifiers: result.unmatchedIdentifiers.join(', '),
    });
  };

  return (
    <Stack spacing={2} sx={{ width: '100%' }} component="section" aria-labelledby={`${id}-title`}>
      <Typography variant="h6" component="h2" id={`${id}-title`}>
        {translate('porta.housing_companies.apartment_images.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('porta.housing_companies.apartment_images.intro')}
      </Typography>
      <Box id={`${id}-rules`}>
        <Typography variant="body2">{translate('porta.housing_companies.apartment_images.rule')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('porta.housing_companies.apartment_images.example')}
        </Typography>
      </Box>
      {canEdit ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilePickerButton
            accept="image/jpeg,image/png,image/gif"
            multiple
            inputLabel={translate('porta.housing_companies.apartment_images.upload')}
            describedBy={`${id}-rules ${id}-limits`}
            disabled={busy}
            busy={busy}
            onFiles={(files) => void upload(files)}
          >
            {translate('porta.housing_companies.apartment_images.upload')}
          </FilePickerButton>
          <FormHelperText id={`${id}-limits`} sx={{ mt: 0 }}>
            {translate('porta.housing_companies.apartment_images.limits', {
              max: APARTMENT_IMAGES_PER_UPLOAD_MAX,
            })}
          </FormHelperText>
        </Stack>
      ) : null}
      {problem ? (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      ) : null}
      {outcomes ? (
        <Box role="status" aria-labelledby={`${id}-results`}>
          <Typography variant="subtitle2" component="h3" id={`${id}-results`}>
            {translate('porta.housing_companies.apartment_images.results_title')}
          </Typography>
          <List dense disablePadding>
            {outcomes.map((outcome) => {
              if (outcome.kind === 'failed') {
                return (
                  <ListItem key={outcome.key} disableGutters>
                    <ListItemText
                      primary={outcome.fileName}
                      secondary={`${translate('porta.housing_companies.apartment_images.not_added')}: ${outcome.problem}`}
                      secondaryTypographyProps={{ color: 'error' }}
                    />
                  </ListItem>
                );
              }
              const { result } = outcome;
              const added = result.apartments.length > 0;
              const went = added
                ? translate('porta.housing_companies.apartment_images.added_to', {
                    name: result.name ?? '',
                    apartments: result.apartments.map((a) => a.no ?? '?').join(', '),
                  })
                : translate('porta.housing_companies.apartment_images.not_added');
              const why = problemText(result);
              return (
                <ListItem key={result.assetId} disableGutters>
                  <ListItemText
                    primary={result.fileName}
                    secondary={why ? `${went}. ${why}` : went}
                    secondaryTypographyProps={{ color: added && !why ? 'text.secondary' : 'error' }}
                  />
                </ListItem>
              );
            })}
          </List>
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error">{translate('porta.common.load_failed')}</Alert>
      ) : isPending && !data ? (
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      ) : groups.length === 0 ? (
        <Typography variant="body2">{translate('porta.housing_companies.apartment_images.none')}</Typography>
      ) : (
        groups.map((group) => (
          <Box key={group.apartmentId} component="section" aria-labelledby={`${id}-${group.apartmentId}`}>
            <Typography variant="subtitle1" component="h3" id={`${id}-${group.apartmentId}`} sx={{ mb: 1 }}>
              {apartmentName(group.no)}
            </Typography>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
              }}
            >
              {group.items.map((item) => (
                <Box component="li" key={item.id} sx={{ minWidth: 0 }}>
                  <Link
                    href={item.image.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={translate('porta.housing_companies.apartment_images.open', {
                      name: item.name,
                    })}
                    sx={{ display: 'block' }}
                  >
                    <Box
                      component="img"
                      src={item.image.url}
                      alt=""
                      loading="lazy"
                      sx={{
                        width: '100%',
                        aspectRatio: '4 / 3',
                        objectFit: 'cover',
                        borderRadius: 1,
                        bgcolor: 'grey.100',
                        display: 'block',
                      }}
                    />
                  </Link>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {item.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatDateTime(item.createdAt, timeZone)}
                      </Typography>
                    </Box>
                    {canEdit ? (
                      <Tooltip title={translate('porta.housing_companies.apartment_images.remove')}>
                        <IconButton
                          size="small"
                          color="error"
                          disabled={busy}
                          aria-label={translate('porta.housing_companies.apartment_images.remove_label', {
                            name: item.name,
                            apartment: apartmentName(group.no),
                          })}
                          onClick={() => setRemoving(item)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </Stack>
                </Box>
              ))}
            </Box>
          </Box>
        ))
      )}
      <Confirm
        isOpen={removing !== null}
        loading={busy}
        title={'porta.housing_companies.apartment_images.remove'}
        content={'porta.housing_companies.apartment_images.remove_content'}
        translateOptions={{ name: removing?.name ?? '' }}
        contentTranslateOptions={{
          name: removing?.name ?? '',
          apartment: apartmentName(removing?.apartmentNo ?? null),
        }}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
