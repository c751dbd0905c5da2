import { formatFileSize } from '@porta/web-kit';
import { FileTextIcon, UploadIcon, XIcon } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from './FetchedThumbnail';

/** One chosen file as the picker shows it. */
export interface FilePickerItem {
  /** Stable key of the item. */
  key: string;
  name: string;
  size: number;
  /** The file itself, for a thumbnail when it is an image. */
  file?: File;
  /** Why the file was refused (shown at the file, read out at once). */
  error?: string;
  /** Anything else to show with the file: a progress bar, "Uploaded". */
  status?: ReactNode;
  state?: string;
}

function Preview({ item }: { item: FilePickerItem }) {
  const image = item.file?.type.startsWith('image/') ? item.file : undefined;
  const src = useObjectUrl(image);
  // The name is written beside the preview, so the picture itself is decoration.
  if (src) return <img className="file-picker__thumbnail" src={src} alt="" />;
  return (
    <span className="file-picker__thumbnail file-picker__thumbnail--file">
      <FileTextIcon aria-hidden="true" focusable="false" size={24} />
    </span>
  );
}

/**
 * The app's file picker (docs/design-system.md): a drop zone with a "Choose files" button, the
 * limits under it, and the chosen files as a list, images with a thumbnail, every file with its
 * size and a remove button. The callers check the files (`onFiles` gets what was chosen or
 * dropped) and say what they refused, in `error` (the whole choice) or an item's `error`.
 *
 * Keyboard: the button opens the browser's file chooser; removing a file moves focus to the next
 * file's remove button, or back to the button when none is left.
 */
export function FilePicker({
  label,
  hint,
  accept,
  multiple = true,
  disabled = false,
  full = false,
  onFiles,
  items,
  listLabel,
  removeLabel,
  onRemove,
  error,
  className,
}: {
  /** The field's label (names the file input and the button). */
  label: string;
  /** The limits: allowed types, size, number of files. */
  hint: string;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** No more files may be added (the limit is reached). */
  full?: boolean;
  onFiles(files: File[]): void;
  items: readonly FilePickerItem[];
  listLabel: string;
  /** The remove button's name for a file (by default "Remove <name>"). */
  removeLabel?(name: string): string;
  onRemove(key: string): void;
  error?: string | null;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [over, setOver] = useState(false);
  const closed = disabled || full;

  const take = (files: FileList | null | undefined) => {
    const list = [...(files ?? [])];
    if (list.length > 0) onFiles(multiple ? list : list.slice(0, 1));
  };

  const onDragOver = (event: DragEvent) => {
    if (closed || !event.dataTransfer?.types?.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!closed) take(event.dataTransfer?.files);
  };

  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    onRemove(item.key);
    // After the list has changed: the next file's remove button, or the picker's button.
    setTimeout(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.file-picker__remove');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? buttonRef.current)?.focus();
    });
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div
      className={['field', 'file-picker', error ? 'field--invalid' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {/* The drop zone is a convenience for the mouse; the button is the way in for everyone. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is mouse-only; the button inside does the same by keyboard */}
      <div
        className={[
          'file-picker__zone',
          over ? 'file-picker__zone--over' : '',
          closed ? 'file-picker__zone--closed' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        data-testid="file-picker-zone"
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
      >
        <UploadIcon className="file-picker__icon" aria-hidden="true" focusable="false" size={28} />
        <button
          ref={buttonRef}
          type="button"
          className="button button--secondary file-picker__button"
          disabled={closed}
          // The field's name too, for pages with more than one picker.
          aria-label={`${t('filePicker.choose')} (${label})`}
          aria-describedby={describedBy}
          onClick={() => inputRef.current?.click()}
        >
          {t('filePicker.choose')}
        </button>
        <span className="file-picker__drop muted" aria-hidden="true">
          {over ? t('filePicker.dropNow') : t('filePicker.orDrop')}
        </span>
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="file-picker__input"
          tabIndex={-1}
          accept={accept}
          multiple={multiple}
          disabled={closed}
          aria-describedby={describedBy}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {items.length > 0 && (
        <ul ref={listRef} className="file-picker__files" aria-label={listLabel}>
          {items.map((item, index) => (
            <li
              key={item.key}
              className={[
                'file-picker__file',
                item.state ? `file-picker__file--${item.state}` : '',
                item.error ? 'file-picker__file--failed' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <Preview item={item} />
              <span className="file-picker__details">
                <span className="file-picker__name">{item.name}</span>
                <span className="file-picker__size muted">{formatFileSize(item.size)}</span>
                {item.error && (
                  <span className="field__error file-picker__error" role="alert">
                    {item.error}
                  </span>
                )}
                {item.status}
              </span>
              <button
                type="button"
                className="icon-button file-picker__remove"
                aria-label={
                  removeLabel ? removeLabel(item.name) : t('filePicker.remove', { name: item.name })
                }
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <XIcon aria-hidden="true" focusable="false" size={20} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
