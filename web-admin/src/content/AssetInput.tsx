import DeleteIcon from '@mui/icons-material/Delete';
import { Box, FormHelperText, FormLabel, IconButton, Stack, Typography } from '@mui/material';
import {
  type AssetPurposeName,
  type AssetRef,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  zAssetUploadResponse,
} from '@porta/contracts';
import { formatFileSize } from '@porta/web-kit';
import { useId, useRef, useState } from 'react';
import { useInput, useRecordContext, useTranslate } from 'react-admin';
import { FilePickerButton } from '../common/FilePickerButton';
import { useContentApi, useErrorText } from './api';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
/** Archives are refused for most users by the server (03 §5); it decides. */
const ARCHIVE_EXTENSIONS = ['zip', 'rar', 'tar'];

/** What each purpose takes (03 §5); the server checks again, with the image rules. */
const RULES: Record<AssetPurposeName, { extensions: readonly string[]; maxBytes: number; accept: string }> = {
  image: {
    extensions: IMAGE_EXTENSIONS,
    maxBytes: IMAGE_MAX_BYTES,
    accept: 'image/jpeg,image/png,image/gif',
  },
  'article-image': {
    extensions: IMAGE_EXTENSIONS,
    maxBytes: IMAGE_MAX_BYTES,
    accept: 'image/jpeg,image/png,image/gif',
  },
  'partner-logo': { extensions: ['png'], maxBytes: IMAGE_MAX_BYTES, accept: 'image/png' },
  attachment: {
    extensions: [...ATTACHMENT_EXTENSIONS, ...ARCHIVE_EXTENSIONS],
    maxBytes: ATTACHMENT_MAX_BYTES,
    accept: [...ATTACHMENT_EXTENSIONS, ...ARCHIVE_EXTENSIONS].map((ext) => `.${ext}`).join(','),
  },
};

/** The file types a file input offers for the purpose. */
export const acceptOf = (purpose: AssetPurposeName) => RULES[purpose].accept;

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** The client's own check of a file before it is sent: a translation key and its arguments, or null. */
export function fileProblem(
  file: File,
  purpose: AssetPurposeName,
): [string, Record<string, unknown>?] | null {
  const rules = RULES[purpose];
  // Other unsafe characters are dropped from the name by the server; a backslash is refused (03 §5).
  if (file.name.includes('\\')) return ['porta.errors.CNT_ILLEGAL_CHARACTERS'];
  if (!rules.extensions.includes(extensionOf(file.name))) {
    return ['porta.content.upload.wrong_type', { types: rules.extensions.join(', ') }];
  }
  if (file.size > rules.maxBytes)
    return ['porta.content.upload.too_large', { size: formatFileSize(rules.maxBytes) }];
  return null;
}

interface AssetInputProps {
  /** The form field of the ids: `imageIds` (several) or `imageId` (one). */
  source: string;
  /** The record's field with the stored assets (`images`, `image`, `logo`…), to show them. */
  refsSource: string;
  purpose: AssetPurposeName;
  multiple?: boolean;
  /** Translation key of the label. */
  label: string;
  /** Translation key of the rules shown under the input. */
  helperText?: string;
}

/**
 * Upload images and attachments to the content service (POST /admin/assets?purpose=…, multipart)
 * and keep their ids in the form. The server's refusals (image rules, size, type, name) are shown
 * in words under the input.
 */
export function AssetInput({
  source,
  refsSource,
  purpose,
  multiple = false,
  label,
  helperText,
}: AssetInputProps) {
  const translate = useTranslate();
  const api = useContentApi();
  const errorText = useErrorText();
  const record = useRecordContext();
  const { field, fieldState } = useInput({ source, defaultValue: multiple ? [] : null });
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [known, setKnown] = useState<Record<string, AssetRef>>(() => {
    const stored = record?.[refsSource] as AssetRef | AssetRef[] | null | undefined;
    const list = Array.isArray(stored) ? stored : stored ? [stored] : [];
    return Object.fromEntries(list.map((ref) => [ref.id, ref]));
  });

  const ids: string[] = multiple
    ? ((field.value as string[] | null) ?? [])
    : field.value
      ? [field.value as string]
      : [];
  const isImage = purpose !== 'attachment';
  const labelText = translate(label);

  const upload = async (file: File) => {
    setProblem(null);
    const local = fileProblem(file, purpose);
    if (local) {
      setProblem(translate(local[0], local[1]));
      return;
    }
    setUploading(true);
    try {
      const ref = await api.upload('/admin/assets', file, {
        query: { purpose },
        schema: zAssetUploadResponse,
      });
      setKnown((all) => ({ ...all, [ref.id]: ref }));
      field.onChange(multiple ? [...ids, ref.id] : ref.id);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = (assetId: string) => {
    field.onChange(multiple ? ids.filter((other) => other !== assetId) : null);
  };

  const errorMessage =
    problem ??
    (fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : null);

  return (
    <Box sx={{ width: '100%', my: 1 }} role="group" aria-labelledby={`${id}-label`}>
      <FormLabel id={`${id}-label`} component="div" sx={{ mb: 1 }}>
        {labelText}
      </FormLabel>
      {ids.length ? (
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {ids.map((assetId) => {
            const ref = known[assetId];
            const name = ref?.fileName ?? assetId;
            return (
              <Stack key={assetId} component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                {isImage && ref ? (
                  <Box
                    component="img"
                    src={ref.url}
                    alt={name}
                    sx={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
                  />
                ) : null}
                <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                  {name}
                  {ref
                    ? ` (${formatFileSize(ref.size)}${ref.width && ref.height ? `, ${ref.width}×${ref.height}` : ''})`
                    : ''}
                </Typography>
                <IconButton
                  aria-label={translate('porta.content.upload.remove', { name })}
                  onClick={() => remove(assetId)}
                  size="small"
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('porta.content.upload.none')}
        </Typography>
      )}
      {multiple || ids.length === 0 ? (
        <FilePickerButton
          inputRef={inputRef}
          accept={RULES[purpose].accept}
          inputLabel={translate('porta.content.upload.choose_for', { field: labelText })}
          disabled={uploading}
          busy={uploading}
          onFiles={([file]) => {
            if (file) void upload(file);
          }}
          sx={{ mt: 1 }}
        >
          {translate(uploading ? 'porta.content.upload.uploading' : 'porta.content.upload.choose')}
        </FilePickerButton>
      ) : null}
      {helperText ? <FormHelperText>{translate(helperText)}</FormHelperText> : null}
      {errorMessage ? (
        <FormHelperText error role="alert">
          {errorMessage}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
