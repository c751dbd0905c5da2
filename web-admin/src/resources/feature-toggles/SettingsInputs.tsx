import { Typography } from '@mui/material';
import type { FeatureId } from '@porta/contracts';
import {
  ArrayInput,
  BooleanInput,
  maxLength,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { LANGUAGE_CHOICES } from '../../common/languages';

const TARGET_CHOICES = [
  { id: '_self', name: 'porta.feature_toggles.target_self' },
  { id: '_blank', name: 'porta.feature_toggles.target_blank' },
];

const label = (field: string) => `porta.feature_toggles.settings_fields.${field}`;

/** navigationlink: a list of links, each with a title and an address (both required). */
function NavigationLinkInputs() {
  return (
    <ArrayInput source="settings.links" label={label('links')}>
      <SimpleFormIterator inline>
        <TextInput source="title" label={label('title')} validate={[required(), maxLength(200)]} />
        <TextInput source="href" label={label('href')} validate={[required(), maxLength(2000)]} />
        <SelectInput
          source="language"
          label={label('language')}
          choices={LANGUAGE_CHOICES}
          translateChoice={false}
        />
        <SelectInput source="target" label={label('target')} choices={TARGET_CHOICES} defaultValue="_self" />
        <TextInput source="icon" label={label('icon')} validate={maxLength(100)} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The settings inputs of a feature (03 §3); features without settings show a note. */
export function SettingsInputs({ featureId }: { featureId: FeatureId | undefined }) {
  const translate = useTranslate();
  switch (featureId) {
    case 'navigationlink':
      return <NavigationLinkInputs />;
    case 'material-selection':
      return (
        <BooleanInput
          source="settings.disableStudioIntegration"
          label={label('disableStudioIntegration')}
          defaultValue={false}
        />
      );
    case 'project-camera':
      return (
        <>
          <TextInput
            source="settings.url"
            label={label('url')}
            validate={[required(), maxLength(2000)]}
            fullWidth
          />
          <TextInput
            source="settings.kenticoCodename"
            label={label('kenticoCodename')}
            validate={maxLength(200)}
          />
          <NumberInput
            source="settings.navigationOrderNumber"
            label={label('navigationOrderNumber')}
            defaultValue={25}
            step={1}
          />
        </>
      );
    case 'one4all-bookings':
      return (
        <>
          <BooleanInput source="settings.showPin" label={label('showPin')} />
          <BooleanInput source="settings.useCalendar" label={label('useCalendar')} />
          <TextInput source="settings.moduleId" label={label('moduleId')} validate={maxLength(200)} />
          <NumberInput
            source="settings.navigationOrderNumber"
            label={label('navigationOrderNumber')}
            defaultValue={35}
            step={1}
          />
        </>
      );
    case 'electrolux-bookings':
      return (
        <BooleanInput
          source="settings.showMainNavigationLink"
          label={label('showMainNavigationLink')}
          defaultValue={false}
        />
      );
    case 'consumption':
      return (
        <>
          <BooleanInput source="settings.water" label={label('water')} />
          <BooleanInput source="settings.electricity" label={label('electricity')} />
          <BooleanInput source="settings.temperature" label={label('temperature')} />
        </>
      );
    default:
      return featureId ? (
        <Typography variant="body2" color="text.secondary">
          {translate('porta.feature_toggles.no_settings')}
        </Typography>
      ) : null;
  }
}
