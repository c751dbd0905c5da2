import AttachFileIcon from '@mui/icons-material/AttachFile';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatClearIcon from '@mui/icons-material/FormatClear';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import ImageIcon from '@mui/icons-material/Image';
import InsertLinkIcon from '@mui/icons-material/InsertLink';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormHelperText,
  IconButton,
  NativeSelect,
  TextField,
  ToggleButton,
  Typography,
} from '@mui/material';
import { type AssetPurposeName, type AssetRef, zAssetUploadResponse } from '@porta/contracts';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { RichTextInput as RaRichTextInput, useTiptapEditor } from 'ra-input-rich-text';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslate, type Validator } from 'react-admin';
import { FilePickerButton } from '../common/FilePickerButton';
import { acceptOf, fileProblem } from './AssetInput';
import { useContentApi, useErrorText } from './api';
import { EDITOR_EXTENSIONS, isAllowedHref, TOOLBAR_HEADING_LEVELS } from './rich-text-extensions';

/**
 * The rich-text editor of HTML fields (react-admin's TipTap input), loaded on its own when a form
 * with such a field opens (see RichTextInput). Its toolbar offers only what the content service's
 * sanitiser keeps, and inserts images and attachments uploaded to the content service.
 */

export interface RichTextEditorProps {
  source: string;
  label?: string;
  helperText?: string;
  validate?: Validator | Validator[];
  /** Offer the image and attachment buttons. */
  media?: boolean;
}

export default function RichTextEditor({
  source,
  label,
  helperText,
  validate,
  media = true,
}: RichTextEditorProps) {
  const translate = useTranslate();
  const labelText = label ? translate(label, { _: label }) : '';
  // A new object makes a new editor: kept while the label stays.
  const editorOptions = useMemo(
    () => ({
      extensions: EDITOR_EXTENSIONS,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': labelText,
          spellcheck: 'true',
        },
      },
    }),
    [labelText],
  );
  return (
    <RaRichTextInput
      source={source}
      label={label}
      validate={validate}
      helperText={helperText ? translate(helperText, { _: helperText }) : false}
      editorOptions={editorOptions}
      toolbar={<PortaToolbar fieldLabel={labelText} media={media} />}
      fullWidth
      sx={{
        mb: 1,
        '& .ProseMirror': { minHeight: 160 },
        '& .ProseMirror:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
        '& .ProseMirror blockquote': { borderLeft: 4, borderColor: 'divider', ml: 0, pl: 2 },
      }}
    />
  );
}

type DialogKind = 'link' | 'image' | 'attachment';
type EditorCommand = (editor: Editor) => void;

interface ToolbarState {
  block: string;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  href: string;
}

function readState(editor: Editor): ToolbarState {
  const level = editor.isActive('heading') ? Number(editor.getAttributes('heading').level) : 0;
  return {
    block: level ? `h${level}` : 'p',
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    blockquote: editor.isActive('blockquote'),
    link: editor.isActive('link'),
    href: String(editor.getAttributes('link').href ?? ''),
  };
}

/** A button of the toolbar: its name is its aria-label (and its tooltip). */
function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  if (pressed === undefined) {
    return (
      <IconButton size="small" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
        {children}
      </IconButton>
    );
  }
  return (
    <ToggleButton
      size="small"
      value={label}
      selected={pressed}
      aria-label={label}
      title={label}
      disabled={disabled}
      onChange={onClick}
      sx={{ border: 0 }}
    >
      {children}
    </ToggleButton>
  );
}

function PortaToolbar({ fieldLabel, media }: { fieldLabel: string; media: boolean }) {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const state = useEditorState({ editor, selector: ({ editor: e }) => (e ? readState(e) : null) });
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const disabled = !editor?.isEditable;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`porta.content.editor.${key}`, options);
  // What a dialog does to the text runs once the dialog is gone (its focus trap would take the
  // focus back from the text); a closed dialog gives the focus back to the text, at the cursor.
  const afterDialog = useRef<EditorCommand | null>(null);
  const closeDialog = (then?: EditorCommand) => {
    afterDialog.current = then ?? ((e) => e.commands.focus());
    setDialog(null);
  };
  useEffect(() => {
    const command = afterDialog.current;
    if (dialog !== null || !command || !editor) return;
    afterDialog.current = null;
    command(editor);
  }, [dialog, editor]);
  const run = (command: (e: Editor) => void) => () => {
    if (editor) command(editor);
  };

  const levels: number[] = [...TOOLBAR_HEADING_LEVELS];
  // A stored text may have other levels: the one under the cursor is shown as it is.
  const current = state?.block ?? 'p';
  if (current !== 'p' && !levels.includes(Number(current.slice(1)))) levels.push(Number(current.slice(1)));

  return (
    <Box
      role="toolbar"
      aria-label={t('toolbar', { field: fieldLabel })}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        mb: 1,
        p: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <NativeSelect
        value={current}
        disabled={disabled}
        onChange={(event) => {
          const value = event.target.value;
          if (!editor) return;
          if (value === 'p') editor.chain().focus().setParagraph().run();
          else
            editor
              .chain()
              .focus()
              .setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6 })
              .run();
        }}
        inputProps={{ 'aria-label': t('text_style') }}
        sx={{ minWidth: 140, mx: 0.5 }}
      >
        <option value="p">{t('paragraph')}</option>
        {levels.map((level) => (
          <option key={level} value={`h${level}`}>
            {t('heading', { level })}
          </option>
        ))}
      </NativeSelect>
      <Divider orientation="vertical" flexItem />
      <ToolButton
        label={t('bold')}
        pressed={!!state?.bold}
        disabled={disabled}
        onClick={run((e) => e.chain().focus().toggleBold().run())}
      >
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('italic')}
        pressed={!!state?.italic}
        disabled={disabled}
        onClick={run((e) => e.chain().focus().toggleItalic().run())}
      >
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      <ToolButton
        label={t('bulleted_list')}
        pressed={!!state?.bulletList}
        disabled={disabled}
        onClick={run((e) => e.chain().focus().toggleBulletList().run())}
      >
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('numbered_list')}
        pressed={!!state?.orderedList}
        disabled={disabled}
        onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
      >
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('quote')}
        pressed={!!state?.blockquote}
        disabled={disabled}
        onClick={run((e) => e.chain().focus().toggleBlockquote().run())}
      >
        <FormatQuoteIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('link')}
        pressed={!!state?.link}
        disabled={disabled}
        onClick={() => setDialog('link')}
      >
        <InsertLinkIcon fontSize="small" />
      </ToolButton>
      <ToolButton
        label={t('clear')}
        disabled={disabled}
        onClick={run((e) => e.chain().focus().clearNodes().unsetAllMarks().run())}
      >
        <FormatClearIcon fontSize="small" />
      </ToolButton>
      {media ? (
        <>
          <Divider orientation="vertical" flexItem />
          <ToolButton label={t('insert_image')} disabled={disabled} onClick={() => setDialog('image')}>
            <ImageIcon fontSize="small" />
          </ToolButton>
          <ToolButton
            label={t('insert_attachment')}
            disabled={disabled}
            onClick={() => setDialog('attachment')}
          >
            <AttachFileIcon fontSize="small" />
          </ToolButton>
        </>
      ) : null}
      {editor && dialog === 'link' ? (
        <LinkDialog href={state?.href ?? ''} active={!!state?.link} onClose={closeDialog} />
      ) : null}
      {editor && (dialog === 'image' || dialog === 'attachment') ? (
        <UploadDialog
          kind={dialog}
          onClose={() => closeDialog()}
          onUploaded={(ref, alt) =>
            closeDialog((e) => {
              if (dialog === 'image') {
                e.chain().focus().setImage({ src: ref.url, alt }).run();
              } else {
                e.chain()
                  .focus()
                  .insertContent({
                    type: 'text',
                    text: ref.fileName,
                    marks: [{ type: 'link', attrs: { href: ref.url } }],
                  })
                  .run();
              }
            })
          }
        />
      ) : null}
    </Box>
  );
}

/**
 * A dialog's form: submitting it must not reach the record's form, which encloses it in React's
 * tree (events bubble through portals).
 */
function submitHandler(onSubmit: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
  };
}

function LinkDialog({
  href,
  active,
  onClose,
}: {
  href: string;
  active: boolean;
  onClose: (then?: EditorCommand) => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const [address, setAddress] = useState(href);
  const [invalid, setInvalid] = useState(false);

  const apply = () => {
    const value = address.trim();
    if (!isAllowedHref(value)) {
      setInvalid(true);
      return;
    }
    onClose((editor) => {
      const chain = editor.chain().focus();
      if (active || !editor.state.selection.empty) {
        chain.extendMarkRange('link').setLink({ href: value }).run();
      } else {
        chain
          .insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] })
          .run();
      }
    });
  };

  return (
    <Dialog
      open
      onClose={() => onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
    >
      <form onSubmit={submitHandler(apply)} noValidate>
        <DialogTitle id={titleId}>{translate('porta.content.editor.link')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('porta.content.editor.link_address')}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={translate(
              invalid ? 'porta.content.editor.link_invalid' : 'porta.content.editor.link_help',
            )}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          {active ? (
            <Button
              color="error"
              onClick={() =>
                onClose((editor) => editor.chain().focus().extendMarkRange('link').unsetLink().run())
              }
            >
              {translate('porta.content.editor.link_remove')}
            </Button>
          ) : null}
          <Button onClick={() => onClose()}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained">
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const PURPOSE: Record<'image' | 'attachment', AssetPurposeName> = {
  image: 'image',
  attachment: 'attachment',
};

/**
 * Upload an image (with the alternative text the user types) or an attachment, then insert it.
 * A refused upload shows the server's words; the chosen file and typed text stay.
 */
function UploadDialog({
  kind,
  onClose,
  onUploaded,
}: {
  kind: 'image' | 'attachment';
  onClose: () => void;
  onUploaded: (ref: AssetRef, alt: string) => void;
}) {
  const translate = useTranslate();
  const api = useContentApi();
  const errorText = useErrorText();
  const titleId = useId();
  const fileId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [altMissing, setAltMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const isImage = kind === 'image';
  const title = translate(
    isImage ? 'porta.content.editor.insert_image' : 'porta.content.editor.insert_attachment',
  );

  const insert = async () => {
    if (uploading) return;
    setProblem(null);
    if (!file) {
      setProblem(translate('porta.content.editor.file_needed'));
      return;
    }
    const local = fileProblem(file, PURPOSE[kind]);
    if (local) {
      setProblem(translate(local[0], local[1]));
      return;
    }
    if (isImage && !alt.trim()) {
      setAltMissing(true);
      return;
    }
    setUploading(true);
    try {
      const ref = await api.upload('/admin/assets', file, {
        query: { purpose: PURPOSE[kind] },
        schema: zAssetUploadResponse,
      });
      onUploaded(ref, alt.trim());
    } catch (error) {
      setProblem(errorText(error));
      setUploading(false);
    }
  };

  return (
    <Dialog
      open
      onClose={uploading ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      disableRestoreFocus
    >
      <form onSubmit={submitHandler(() => void insert())} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
            <FilePickerButton
              inputRef={inputRef}
              accept={acceptOf(PURPOSE[kind])}
              inputLabel={title}
              describedBy={`${fileId}-name`}
              // The dialog's first field takes the focus.
              autoFocus
              disabled={uploading}
              onFiles={([chosen]) => {
                setFile(chosen ?? null);
                setProblem(null);
              }}
            >
              {translate('porta.content.editor.choose_file')}
            </FilePickerButton>
            <Typography id={`${fileId}-name`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {file ? file.name : translate('porta.content.editor.no_file')}
            </Typography>
          </Box>
          <FormHelperText>
            {translate(
              isImage ? 'porta.content.upload.image_rules' : 'porta.content.upload.attachment_rules',
            )}
          </FormHelperText>
          {isImage ? (
            <TextField
              fullWidth
              required
              margin="normal"
              label={translate('porta.content.editor.image_alt')}
              value={alt}
              onChange={(event) => {
                setAlt(event.target.value);
                setAltMissing(false);
              }}
              error={altMissing}
              helperText={translate(
                altMissing ? 'ra.validation.required' : 'porta.content.editor.image_alt_help',
              )}
              disabled={uploading}
            />
          ) : null}
          {problem ? (
            <FormHelperText error role="alert">
              {problem}
            </FormHelperText>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={uploading}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={uploading}
            startIcon={uploading ? <CircularProgress size={16} /> : undefined}
          >
            {translate(uploading ? 'porta.content.upload.uploading' : 'porta.content.editor.insert')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
