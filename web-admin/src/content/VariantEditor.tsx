import { Box, Tab, Tabs, Typography } from '@mui/material';
import { LANGUAGES, type Language } from '@porta/contracts';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import { SelectInput, TextInput, useTranslate, type Validator } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { LANGUAGE_CHOICES, LANGUAGE_NAMES } from '../common/languages';
import { RichTextInput } from './RichTextInput';

/** One text of a language variant. */
export interface VariantField {
  /** The variant's key (`title`, `content`…). */
  name: string;
  /** Plain one line, plain multi-line, or HTML. */
  kind?: 'text' | 'multiline' | 'html';
  /** Needed in every variant that exists (the default language's always exists). */
  required?: boolean;
  /** Translation key of the label; `porta.content.fields.<name>` otherwise. */
  label?: string;
  helperText?: string;
  /** Sent when the variant exists but the field is empty (a field the API wants as a string). */
  emptyAs?: string;
}

type Texts = Record<string, unknown>;

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * The variants as the API takes them: empty fields left out, languages with no text left out
 * except the default language's.
 */
export function cleanVariants(
  variants: unknown,
  fields: readonly VariantField[],
  defaultLanguage: string,
): Partial<Record<Language, Record<string, string>>> {
  const out: Partial<Record<Language, Record<string, string>>> = {};
  for (const language of LANGUAGES) {
    const variant = (variants as Record<string, Texts | null | undefined> | null | undefined)?.[language];
    const hasText = !!variant && fields.some((field) => filled(variant[field.name]));
    if (!hasText && language !== defaultLanguage) continue;
    const texts: Record<string, string> = {};
    for (const field of fields) {
      const value = variant?.[field.name];
      if (filled(value)) texts[field.name] = value as string;
      else if (field.emptyAs !== undefined) texts[field.name] = field.emptyAs;
    }
    out[language] = texts;
  }
  return out;
}

/** Required in the default language's variant and in every other variant that has some text. */
function requiredIn(language: Language, fields: readonly VariantField[]): Validator {
  return (value: unknown, values: Record<string, unknown>) => {
    if (filled(value)) return undefined;
    const variant = (values.variants as Record<string, Texts | null> | undefined)?.[language];
    const used =
      values.defaultLanguage === language || (!!variant && fields.some((f) => filled(variant[f.name])));
    return used ? 'ra.validation.required' : undefined;
  };
}

/** One language's inputs; kept from re-rendering while other languages are typed in. */
const VariantInputs = memo(function VariantInputs({
  language,
  fields,
  isDefault,
}: {
  language: Language;
  fields: readonly VariantField[];
  isDefault: boolean;
}) {
  // One validator per field and language (kept between renders, as react-admin wants).
  const validators = useMemo(() => {
    const out: Record<string, Validator> = {};
    for (const field of fields) {
      if (!field.required) continue;
      const validate = requiredIn(language, fields) as Validator & { isRequired?: boolean };
      // The required mark (*) shows on the default language's fields.
      if (isDefault) validate.isRequired = true;
      out[field.name] = validate;
    }
    return out;
  }, [language, fields, isDefault]);
  return (
    <>
      {fields.map((field) => {
        const source = `variants.${language}.${field.name}`;
        const label = field.label ?? `porta.content.fields.${field.name}`;
        const validate = validators[field.name];
        if (field.kind === 'html') {
          return (
            <RichTextInput
              key={source}
              source={source}
              label={label}
              validate={validate}
              helperText={field.helperText}
            />
          );
        }
        return (
          <TextInput
            key={source}
            source={source}
            label={label}
            validate={validate}
            helperText={field.helperText ?? false}
            multiline={field.kind === 'multiline'}
            minRows={field.kind === 'multiline' ? 3 : undefined}
            fullWidth
          />
        );
      })}
    </>
  );
});

/** The language tabs: each tells whether its language has text or errors. */
function LanguageTabs({
  active,
  onChange,
  fields,
  defaultLanguage,
  baseId,
  variantErrors,
}: {
  active: Language;
  onChange: (language: Language) => void;
  fields: readonly VariantField[];
  defaultLanguage: Language;
  baseId: string;
  variantErrors: Record<string, unknown> | undefined;
}) {
  const translate = useTranslate();
  const variants = useWatch({ name: 'variants' }) as Record<string, Texts | null> | undefined;
  return (
    <Tabs
      value={active}
      onChange={(_, value: Language) => onChange(value)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={translate('porta.content.languages')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {LANGUAGES.map((language) => {
        const variant = variants?.[language];
        const hasText = !!variant && fields.some((field) => filled(variant[field.name]));
        const hasError = !!variantErrors?.[language];
        const marks = [
          language === defaultLanguage ? translate('porta.content.default_mark') : null,
          hasError
            ? translate('porta.content.error_mark')
            : hasText
              ? translate('porta.content.text_mark')
              : null,
        ].filter(Boolean);
        return (
          <Tab
            key={language}
            value={language}
            id={`${baseId}-tab-${language}`}
            aria-controls={`${baseId}-panel-${language}`}
            label={`${LANGUAGE_NAMES[language]}${marks.length ? ` (${marks.join(', ')})` : ''}`}
            sx={hasError ? { color: 'error.main' } : undefined}
          />
        );
      })}
    </Tabs>
  );
}

/**
 * The texts of an item per language (03 §9 nine languages): the default language (needed; shown
 * when the reader's language has no text) and a tab per language. A tab tells whether its language
 * has text or errors; after a failed save the first language with errors opens.
 */
export function VariantEditor({ fields }: { fields: readonly VariantField[] }) {
  const translate = useTranslate();
  const baseId = useId();
  const defaultLanguage = (useWatch({ name: 'defaultLanguage' }) as Language | undefined) ?? 'en';
  const { errors, submitCount } = useFormState({ name: 'variants' });
  const variantErrors = errors.variants as (Record<string, unknown> & { message?: string }) | undefined;
  const [active, setActive] = useState<Language>(defaultLanguage);
  // The save whose errors opened a language: each failed save does it once, so that the editor
  // may then move between languages freely.
  const jumpedFor = useRef(0);

  // After a save that failed on the texts (in the browser or on the server), open the first
  // language with errors unless the open one has some.
  useEffect(() => {
    const withError = LANGUAGES.find((language) => variantErrors?.[language]);
    if (!withError || submitCount === 0 || jumpedFor.current === submitCount) return;
    jumpedFor.current = submitCount;
    setActive((current) => (variantErrors?.[current] ? current : withError));
  }, [submitCount, variantErrors]);

  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <SelectInput
        source="defaultLanguage"
        label="porta.content.default_language"
        choices={LANGUAGE_CHOICES}
        translateChoice={false}
        helperText="porta.content.default_language_help"
        onChange={(event) => setActive(event.target.value as Language)}
      />
      <LanguageTabs
        active={active}
        onChange={setActive}
        fields={fields}
        defaultLanguage={defaultLanguage}
        baseId={baseId}
        variantErrors={variantErrors}
      />
      {variantErrors?.message ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {translate(String(variantErrors.message), { _: String(variantErrors.message) })}
        </Typography>
      ) : null}
      {LANGUAGES.map((language) =>
        // The open language and the default language (whose required texts are checked on save)
        // are mounted; the form keeps every language's values meanwhile.
        language === active || language === defaultLanguage ? (
          <Box
            key={language}
            role="tabpanel"
            id={`${baseId}-panel-${language}`}
            aria-labelledby={`${baseId}-tab-${language}`}
            hidden={language !== active}
            sx={{ pt: 2 }}
          >
            <VariantInputs language={language} fields={fields} isDefault={language === defaultLanguage} />
          </Box>
        ) : null,
      )}
    </Box>
  );
}
