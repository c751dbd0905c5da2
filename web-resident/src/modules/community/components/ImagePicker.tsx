import { COMMENT_IMAGES_MAX } from '@porta/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, isAcceptableImage } from '../utils/images';

/**
 * Images to send with a comment (02 §5): jpg, jpeg, gif or png up to 35,000,000 bytes, at most 10.
 * A file failing the checks is left out and the general image validation message shows.
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
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const add = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    const accepted = list.filter(isAcceptableImage);
    onInvalid(accepted.length < list.length);
    onChange([...files, ...accepted].slice(0, COMMENT_IMAGES_MAX));
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className={invalid ? 'field field--invalid image-picker' : 'field image-picker'}>
      <label className="field__label" htmlFor={id}>
        {t('images.add')}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="image-picker__input"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={disabled || files.length >= COMMENT_IMAGES_MAX}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
        onChange={(event) => add(event.target.files)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('images.hint', { max: COMMENT_IMAGES_MAX })}
      </p>
      {invalid && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('images.validationFailed')}
        </p>
      )}
      {files.length > 0 && (
        <ul className="image-picker__files" aria-label={t('images.chosen')}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>{file.name}</span>
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                {t('images.remove', { name: file.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
