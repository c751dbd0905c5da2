import { BUILDING_TYPES, COUNTRIES, HOUSING_COMPANY_DATE_ORDER } from '@porta/contracts';
import {
  ArrayInput,
  BooleanInput,
  DateInput,
  email,
  maxLength,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { BuildingTaxonomyInput } from '../../common/inputs';
import { notBefore, VALIDATION, zipCode } from '../../common/validation';

/**
 * The inputs of a housing company (03 §3), grouped as the edit page's tabs and the setup wizard's
 * phases show them. Labels come from `resources.housing-companies.fields.*`.
 */

const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ id: country, name: country }));
const BUILDING_TYPE_CHOICES = BUILDING_TYPES.map((type) => ({
  id: type,
  name: `porta.building_types.${type}`,
}));
const URL_PATTERN = /^https?:\/\/\S+$/i;
const url = (value: unknown) =>
  value == null || value === '' || (typeof value === 'string' && URL_PATTERN.test(value.trim()))
    ? undefined
    : 'porta.validation.url';

/** The later date of each ordered pair must not be before the earlier one. */
function laterOf(field: string) {
  const pair = HOUSING_COMPANY_DATE_ORDER.find(([, later]) => later === field);
  return pair ? notBefore(pair[0], VALIDATION.dateOrder) : undefined;
}

export const BASIC_FIELDS = [
  'name',
  'hcExt',
  'marketingName',
  'businessUnit',
  'buildingType',
  'numberOfApartments',
  'energyClass',
] as const;

export function BasicInputs() {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="hcExt" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput source="marketingName" validate={maxLength(200)} fullWidth />
      <TextInput source="businessUnit" validate={maxLength(200)} fullWidth />
      <SelectInput source="buildingType" choices={BUILDING_TYPE_CHOICES} fullWidth />
      <NumberInput source="numberOfApartments" min={0} step={1} />
      <TextInput source="energyClass" validate={maxLength(20)} />
    </>
  );
}

export const IDENTIFIER_FIELDS = ['liferayId', 'congridId', 'isYseProject'] as const;

export function IdentifierInputs() {
  return (
    <>
      <TextInput source="liferayId" validate={maxLength(200)} fullWidth />
      <TextInput source="congridId" validate={maxLength(200)} fullWidth />
      <BooleanInput source="isYseProject" />
    </>
  );
}

export const ADDRESS_FIELDS = [
  'addressStreet',
  'addressZip',
  'addressCity',
  'addressArea',
  'addressCountry',
] as const;

export function AddressInputs() {
  return (
    <>
      <TextInput source="addressStreet" validate={maxLength(200)} fullWidth />
      <TextInput source="addressZip" validate={zipCode} helperText="porta.housing_companies.zip_help" />
      <TextInput source="addressCity" validate={maxLength(200)} fullWidth />
      <TextInput source="addressArea" validate={maxLength(200)} fullWidth />
      <SelectInput source="addressCountry" choices={COUNTRY_CHOICES} translateChoice={false} fullWidth />
    </>
  );
}

export const DATE_FIELDS = ['completionDate', 'finalizationDate'] as const;

export function DateInputs() {
  return (
    <>
      <DateInput source="completionDate" helperText="porta.housing_companies.completion_help" />
      <DateInput source="finalizationDate" />
    </>
  );
}

export const PARKING_FIELDS = [
  'numberOfNonSellableParkingPlaces',
  'additionalInformationAboutParkingPlaces',
] as const;

export function ParkingInputs() {
  return (
    <>
      <NumberInput source="numberOfNonSellableParkingPlaces" min={0} step={1} />
      <TextInput source="additionalInformationAboutParkingPlaces" multiline minRows={3} fullWidth />
    </>
  );
}

export const ONE4ALL_FIELDS = [
  'one4allUuid',
  'one4allArticleRssUrl',
  'one4allEventRssUrl',
  'one4allCampaignRssUrl',
  'one4allIncludeAllResidents',
  'porrasFeedUrl',
] as const;

export function One4allInputs() {
  return (
    <>
      <TextInput source="one4allUuid" validate={maxLength(200)} fullWidth />
      <TextInput source="one4allArticleRssUrl" type="url" validate={url} fullWidth />
      <TextInput source="one4allEventRssUrl" type="url" validate={url} fullWidth />
      <TextInput source="one4allCampaignRssUrl" type="url" validate={url} fullWidth />
      <BooleanInput source="one4allIncludeAllResidents" />
      <TextInput source="porrasFeedUrl" type="url" validate={url} fullWidth />
    </>
  );
}

export const WARRANTY_FIELDS = [
  'warrantyReportStartDate',
  'warrantyReportEndDate',
  'warrantyRepairMeetingDate',
  'warrantyRepairNoticeInfoDate',
  'warrantyRepairEndDate',
  'warrantyRepairProcessEndDate',
  'warrantyPeriodEndDate',
  'warrantyContacts',
] as const;

export function WarrantyInputs() {
  return (
    <>
      <DateInput source="warrantyReportStartDate" />
      <DateInput source="warrantyReportEndDate" validate={laterOf('warrantyReportEndDate')} />
      <DateInput source="warrantyRepairMeetingDate" />
      <DateInput source="warrantyRepairNoticeInfoDate" validate={laterOf('warrantyRepairNoticeInfoDate')} />
      <DateInput source="warrantyRepairEndDate" />
      <DateInput source="warrantyRepairProcessEndDate" />
      <DateInput source="warrantyPeriodEndDate" />
      <ArrayInput source="warrantyContacts">
        <SimpleFormIterator inline>
          <TextInput source="name" label="porta.contacts.name" validate={[required(), maxLength(200)]} />
          <TextInput source="title" label="porta.contacts.title" validate={maxLength(200)} />
          <TextInput source="company" label="porta.contacts.company" validate={maxLength(200)} />
          <TextInput source="email" label="porta.contacts.email" validate={email('porta.validation.email')} />
          <TextInput source="phone" label="porta.contacts.phone" validate={maxLength(50)} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

export const SETTINGS_FIELDS = [
  'buildingTaxonomyTermId',
  'housingCompanyAdminEmail',
  'lifecycleStepsActive',
  'wizardCompleted',
  'documentsScope',
] as const;

export function SettingsInputs() {
  return (
    <>
      <BuildingTaxonomyInput
        source="buildingTaxonomyTermId"
        label="resources.housing-companies.fields.buildingTaxonomyTermId"
      />
      <TextInput
        source="housingCompanyAdminEmail"
        type="email"
        validate={email('porta.validation.email')}
        fullWidth
      />
      <BooleanInput source="lifecycleStepsActive" />
      <BooleanInput source="wizardCompleted" />
      <TextInput source="documentsScope" validate={maxLength(50)} />
    </>
  );
}
