import { Box, TextField, Typography } from '@mui/material';
import { LANGUAGES, type Language } from '@porta/contracts';
import { type Dispatch, type SetStateAction, useId } from 'react';
import { useTranslate } from 'react-admin';
import { LANGUAGE_NAMES } from '../../common/languages';

/** A name as typed per language; a language left out (or empty) shows the item's own name. */
export type Translations = Partial<Record<Language, string>>;

/** The translations to send: each trimmed, the empty ones left out (in LANGUAGES' order). */
export function namedTranslations(value: Translations): Translations {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, value[language]?.trim() ?? ''] as const).filter(
      ([, text]) => text.length > 0,
    ),
  ) as Translations;
}

interface TranslationsFieldsetProps {
  /** Text key of the group's legend (its accessible name). */
  legend: string;
  /** Text key of the line under the legend. */
  help: string;
  value: Translations;
  /** The state's setter: edits go through an updater, so quick typing in two fields keeps both. */
  onChange: Dispatch<SetStateAction<Translations>>;
  /** The service's limit on one name. */
  maxLength: number;
}

/**
 * The name of a folder or video in each of the nine languages, one field per language labelled in
 * that language, grouped under a legend. Shared by the folder and video dialogs so both ask for
 * translations the same way.
 */
export function TranslationsFieldset({
  legend,
  help,
  value,
  onChange,
  maxLength,
}: TranslationsFieldsetProps) {
  const translate = useTranslate();
  const legendId = useId();
  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography id={legendId} variant="subtitle2" component="legend" sx={{ mb: 0.5 }}>
        {translate(legend)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(help)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {LANGUAGES.map((language) => (
          <TextField
            key={language}
            size="small"
            label={`${LANGUAGE_NAMES[language]} (${language})`}
            value={value[language] ?? ''}
            onChange={(event) => onChange((all) => ({ ...all, [language]: event.target.value }))}
            slotProps={{ htmlInput: { maxLength, lang: language } }}
          />
        ))}
      </Box>
    </Box>
  );
}
