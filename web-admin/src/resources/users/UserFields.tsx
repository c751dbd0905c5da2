import { BooleanInput, email, maxLength, required, SelectInput, TextInput } from 'react-admin';
import { FormSection } from '../../common/FieldSections';
import { LOCALE_CHOICES } from '../../common/languages';

const NAME = [required(), maxLength(50)];

/** The account fields of a user (03 §3); the e-mail is editable only when the user is created. */
export function UserFields({ emailEditable }: { emailEditable: boolean }) {
  return (
    <>
      <FormSection title="porta.users.sections.person" columns>
        <TextInput
          source="email"
          type="email"
          validate={emailEditable ? [required(), email('porta.validation.email')] : undefined}
          disabled={!emailEditable}
          helperText={emailEditable ? 'porta.users.email_fixed' : 'porta.users.email_not_editable'}
          fullWidth
        />
        <TextInput source="phone" type="tel" validate={maxLength(50)} fullWidth />
        <TextInput source="firstName" validate={NAME} fullWidth />
        <TextInput source="lastName" validate={NAME} fullWidth />
        <SelectInput source="locale" choices={LOCALE_CHOICES} translateChoice={false} fullWidth />
        <BooleanInput source="publicProfile" />
      </FormSection>
      <FormSection title="porta.users.sections.account" columns>
        <TextInput
          source="externalId"
          validate={maxLength(100)}
          helperText="porta.users.external_id_help"
          fullWidth
        />
      </FormSection>
    </>
  );
}
