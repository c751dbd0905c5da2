import { Box, FormControlLabel, FormHelperText, Skeleton, Switch } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';

/** The editor (TipTap) is a chunk of its own, loaded when a form with an HTML field opens. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface RichTextInputProps {
  source: string;
  label?: string;
  helperText?: string;
  validate?: Validator | Validator[];
  /** Rows of the HTML source view. */
  minRows?: number;
  /**
   * Offer images and attachments (uploaded to the content service). Off where the HTML's
   * sanitiser drops them, as an e-mail letter's does.
   */
  media?: boolean;
}

/**
 * Elements the editor would not keep (it knows paragraphs, headings, bold, italic, underline,
 * strike-through, code, lists, quotes, rules, links and images): a text that has them opens as
 * HTML, so that editing it does not drop them unnoticed.
 */
const NOT_IN_EDITOR =
  /<(table|thead|tbody|tfoot|tr|th|td|caption|figure|figcaption|dl|dt|dd|pre|sub|sup|small|mark|div|span)\b/i;

export function hasHtmlOutsideEditor(html: unknown): boolean {
  return typeof html === 'string' && NOT_IN_EDITOR.test(html);
}

/**
 * An HTML field: a rich-text editor whose toolbar makes only what the content service's
 * sanitiser keeps, with a switch to the HTML source. The server sanitises the HTML when it
 * stores it.
 */
export function RichTextInput({
  source,
  label,
  helperText,
  validate,
  minRows = 6,
  media = true,
}: RichTextInputProps) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const [outsideEditor] = useState(() => hasHtmlOutsideEditor(getValues(source)));
  const [showSource, setShowSource] = useState(outsideEditor);
  const switchId = useId();
  const labelText = label ? translate(label, { _: label }) : '';
  return (
    <Box sx={{ width: '100%' }}>
      {showSource ? (
        <TextInput
          source={source}
          label={label}
          validate={validate}
          multiline
          minRows={minRows}
          fullWidth
          helperText={helperText ?? 'porta.content.html_help'}
          slotProps={{ htmlInput: { spellCheck: true, style: { fontFamily: 'monospace' } } }}
        />
      ) : (
        <Suspense
          fallback={
            <Skeleton
              variant="rounded"
              height={220}
              role="progressbar"
              aria-label={translate('porta.content.editor.loading')}
            />
          }
        >
          <RichTextEditor
            source={source}
            label={label}
            helperText={helperText}
            validate={validate}
            media={media}
          />
        </Suspense>
      )}
      <FormControlLabel
        control={<Switch id={switchId} checked={showSource} onChange={(_, on) => setShowSource(on)} />}
        label={translate('porta.content.editor.html_source', { field: labelText })}
      />
      {showSource && outsideEditor ? (
        <FormHelperText>{translate('porta.content.editor.outside_editor')}</FormHelperText>
      ) : null}
    </Box>
  );
}
