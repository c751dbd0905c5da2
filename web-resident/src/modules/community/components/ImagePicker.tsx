import { COMMENT_IMAGES_MAX } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../shared/ui/FilePicker';
import { IMAGE_ACCEPT, isAcceptableImage } from '../utils/images';

const keyOf = (file: File, index: number) => `${index}:${file.name}:${file.size}:${file.lastModified}`;

/**
 * Images to send with a comment (02 §5): jpg, jpeg, gif or png up to 35,000,000 bytes, at most 10,
 * chosen or dropped on the shared file picker, each shown as a thumbnail. A file failing the checks
 * is left out and the general image validation message (which names the limits) shows.
 */
export function ImagePicker({
  files,
  onChange,
  invalid,
  onInvalid,
  disabled,
}: {
  files: readonly File[];
  onChange(files: File[]): void;
  invalid: boolean;
  onInvalid(invalid: boolean): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('community');

  const add = (chosen: File[]) => {
    const accepted = chosen.filter(isAcceptableImage);
    onInvalid(accepted.length < chosen.length);
    onChange([...files, ...accepted].slice(0, COMMENT_IMAGES_MAX));
  };

  return (
    <FilePicker
      className="image-picker"
      label={t('images.add')}
      hint={t('images.hint', { max: COMMENT_IMAGES_MAX })}
      accept={IMAGE_ACCEPT}
      disabled={disabled}
      full={files.length >= COMMENT_IMAGES_MAX}
      onFiles={add}
      error={invalid ? t('images.validationFailed') : null}
      items={files.map((file, index) => ({
        key: keyOf(file, index),
        name: file.name,
        size: file.size,
        file,
      }))}
      listLabel={t('images.chosen')}
      removeLabel={(name) => t('images.remove', { name })}
      onRemove={(key) => onChange(files.filter((file, index) => keyOf(file, index) !== key))}
    />
  );
}
