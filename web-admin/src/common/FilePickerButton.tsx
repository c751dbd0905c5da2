import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, type ButtonProps, CircularProgress } from '@mui/material';
import { type ReactNode, type RefObject, useRef } from 'react';

interface FilePickerButtonProps {
  /** The button's text (already translated). */
  children: ReactNode;
  /** Called with the chosen files; the picker is emptied afterwards, so the same file can be chosen again. */
  onFiles(files: File[]): void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** An upload is on its way: a spinner replaces the icon. */
  busy?: boolean;
  autoFocus?: boolean;
  /** Ids of texts that describe the choice (the file rules, the chosen file's name). */
  describedBy?: string;
  /** The hidden input's name (tests and automation pick the file through it). */
  inputLabel?: string;
  /** The hidden file input, for callers that reset or inspect it. */
  inputRef?: RefObject<HTMLInputElement | null>;
  sx?: ButtonProps['sx'];
}

/**
 * A button that opens the browser's file picker: a real button (one control for the keyboard and
 * screen readers) that clicks a hidden file input, rather than a label wrapped around an input,
 * which nests one interactive control in another (axe: nested-interactive).
 */
export function FilePickerButton({
  children,
  onFiles,
  accept,
  multiple,
  disabled,
  busy,
  autoFocus,
  describedBy,
  inputLabel,
  inputRef,
  sx,
}: FilePickerButtonProps) {
  const ownRef = useRef<HTMLInputElement | null>(null);
  const ref = inputRef ?? ownRef;
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <UploadFileIcon />}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        onClick={() => ref.current?.click()}
        sx={sx}
      >
        {children}
      </Button>
      <input
        ref={ref}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={inputLabel}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
