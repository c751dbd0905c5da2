import { FEED_FORMATS, FEED_KINDS } from '@porta/contracts';
import { BooleanInput, RadioButtonGroupInput, required, SelectInput, TextInput } from 'react-admin';
import { LANGUAGE_CHOICES } from '../../common/languages';
import { httpUrl } from '../../content/validation';

export const FEED_KIND_CHOICES = FEED_KINDS.map((kind) => ({
  id: kind,
  name: `porta.content.feeds.kinds.${kind}`,
}));
export const FEED_FORMAT_CHOICES = FEED_FORMATS.map((format) => ({
  id: format,
  name: `porta.content.feeds.formats.${format}`,
}));

export const FEED_DEFAULTS = { kind: 'recommended', format: 'auto', language: null, active: true };

const URL_RULES = [required(), httpUrl];
const KIND_RULES = [required()];

/** An external feed (02 §1, §7): kind, address (http or https), format, language, active. */
export function FeedInputs() {
  return (
    <>
      <RadioButtonGroupInput source="kind" choices={FEED_KIND_CHOICES} validate={KIND_RULES} />
      <TextInput source="url" validate={URL_RULES} helperText="porta.content.feeds.url_help" fullWidth />
      <SelectInput source="format" choices={FEED_FORMAT_CHOICES} helperText={false} />
      <SelectInput
        source="language"
        choices={LANGUAGE_CHOICES}
        translateChoice={false}
        emptyText="porta.content.feeds.any_language"
        helperText="porta.content.feeds.language_help"
      />
      <BooleanInput source="active" helperText={false} />
    </>
  );
}
