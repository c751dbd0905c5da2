import { Box, FormControlLabel, Switch } from '@mui/material';
import { useId, useState } from 'react';
import { TextInput, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';

interface RichTextInputProps {
  source: string;
  label?: string;
  helperText?: string;
  validate?: Validator | Validator[];
  minRows?: number;
}

/**
 * An HTML field: the HTML as text, with a preview. The server sanitises the HTML when it stores it;
 * until then the typed HTML is previewed in a sandboxed frame that runs no scripts and reaches
 * nothing of the app.
 */
export function RichTextInput({ source, label, helperText, validate, minRows = 6 }: RichTextInputProps) {
  const translate = useTranslate();
  const [preview, setPreview] = useState(false);
  const html = useWatch({ name: source }) as string | null | undefined;
  const switchId = useId();
  const labelText = label ? translate(label, { _: label }) : '';
  return (
    <Box sx={{ width: '100%' }}>
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
      <FormControlLabel
        control={<Switch id={switchId} checked={preview} onChange={(_, on) => setPreview(on)} />}
        label={translate('porta.content.show_preview', { field: labelText })}
      />
      {preview ? (
        <Box
          component="iframe"
          title={translate('porta.content.preview_of', { field: labelText })}
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font-family:sans-serif;margin:8px}img{max-width:100%}</style>${html ?? ''}`}
          sx={{
            width: '100%',
            minHeight: 200,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
          }}
        />
      ) : null}
    </Box>
  );
}
