import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { type HousingCompanyImage, zAssetUploadResponse, zHousingCompanyImage } from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import { FilePickerButton } from '../../common/FilePickerButton';
import { fileProblem } from '../../content/AssetInput';
import { useContentApi, useContentGet, useErrorText } from '../../content/api';

/**
 * The housing company's picture (03 §2 /admin/housing-company/{id} "with images"): one picture,
 * shown on the resident dashboard's card. Staff see it; the housing-company editors upload a new
 * one (POST /admin/assets?purpose=image, then PUT /admin/housing-companies/:id/image), which
 * replaces the old, or remove it (the residents then see the designed monogram).
 */
export function HousingCompanyImages({
  housingCompanyId,
  name,
  canEdit,
}: {
  housingCompanyId: string;
  name: string;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useContentApi();
  const errorText = useErrorText();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const path = `/admin/housing-companies/${housingCompanyId}/image`;
  const { data, error } = useContentGet(path, zHousingCompanyImage);
  const [current, setCurrent] = useState<HousingCompanyImage | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  useEffect(() => setCurrent(data), [data]);
  const image = current?.image ?? null;

  const upload = async (file: File) => {
    setProblem(null);
    const local = fileProblem(file, 'image');
    if (local) {
      setProblem(translate(local[0], local[1]));
      return;
    }
    setBusy(true);
    try {
      const asset = await api.upload('/admin/assets', file, {
        query: { purpose: 'image' },
        schema: zAssetUploadResponse,
      });
      const saved = await api.call('PUT', path, {
        body: { imageId: asset.id },
        schema: zHousingCompanyImage,
      });
      setCurrent(saved);
      notify('porta.housing_companies.images.saved', { type: 'info' });
    } catch (failure) {
      setProblem(errorText(failure));
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api.call('DELETE', path);
      setCurrent({ housingCompanyId, image: null, updatedAt: null });
      notify('porta.housing_companies.images.removed', { type: 'info' });
    } catch (failure) {
      setProblem(errorText(failure));
    } finally {
      setBusy(false);
      setRemoving(false);
    }
  };

  if (error) return <Alert severity="error">{translate('porta.common.load_failed')}</Alert>;
  if (!current) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;

  return (
    <Stack spacing={2} sx={{ width: '100%' }} component="section" aria-labelledby={`${id}-title`}>
      <Typography variant="h6" component="h2" id={`${id}-title`}>
        {translate('porta.housing_companies.images.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('porta.housing_companies.images.intro')}
      </Typography>
      {image ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box
            component="img"
            src={image.url}
            alt={translate('porta.housing_companies.images.preview_alt', { name })}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            sx={{
              width: 320,
              maxWidth: '100%',
              height: 'auto',
              aspectRatio: '4 / 3',
              objectFit: 'cover',
              borderRadius: 1,
              bgcolor: 'grey.100',
            }}
          />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {image.fileName} ({formatFileSize(image.size)}
            {image.width && image.height ? `, ${image.width}×${image.height}` : ''})
          </Typography>
        </Stack>
      ) : (
        <Typography variant="body2">{translate('porta.housing_companies.images.none')}</Typography>
      )}
      {canEdit ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FilePickerButton
            inputRef={inputRef}
            accept="image/jpeg,image/png,image/gif"
            inputLabel={translate(
              image ? 'porta.housing_companies.images.replace' : 'porta.housing_companies.images.upload',
            )}
            describedBy={`${id}-rules`}
            disabled={busy}
            busy={busy}
            onFiles={([file]) => {
              if (file) void upload(file);
            }}
          >
            {translate(
              image ? 'porta.housing_companies.images.replace' : 'porta.housing_companies.images.upload',
            )}
          </FilePickerButton>
          {image ? (
            <Button
              label="porta.housing_companies.images.remove"
              onClick={() => setRemoving(true)}
              disabled={busy}
              color="error"
            >
              <DeleteIcon />
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {canEdit ? (
        <FormHelperText id={`${id}-rules`} sx={{ mt: 0 }}>
          {translate('porta.housing_companies.images.rules')}
        </FormHelperText>
      ) : null}
      {problem ? (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      ) : null}
      <Confirm
        isOpen={removing}
        loading={busy}
        title="porta.housing_companies.images.remove"
        content="porta.housing_companies.images.remove_content"
        contentTranslateOptions={{ name }}
        onConfirm={remove}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}
