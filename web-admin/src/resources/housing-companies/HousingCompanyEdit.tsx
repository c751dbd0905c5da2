import { Edit, TabbedForm } from 'react-admin';
import { SaveOnlyToolbar } from '../../common/SaveOnlyToolbar';
import {
  AddressInputs,
  BasicInputs,
  DateInputs,
  IdentifierInputs,
  One4allInputs,
  ParkingInputs,
  SettingsInputs,
  WarrantyInputs,
} from './HousingCompanyInputs';

/** Every editable field of a housing company (03 §3), grouped in tabs. */
export function HousingCompanyFormTabs() {
  return (
    <TabbedForm toolbar={<SaveOnlyToolbar />}>
      <TabbedForm.Tab label="porta.housing_companies.groups.basic">
        <BasicInputs />
        <IdentifierInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.housing_companies.groups.address" path="address">
        <AddressInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.housing_companies.groups.dates" path="dates">
        <DateInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.housing_companies.groups.parking" path="parking">
        <ParkingInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.housing_companies.groups.one4all" path="one4all">
        <One4allInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.housing_companies.groups.warranty" path="warranty">
        <WarrantyInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="porta.housing_companies.groups.settings" path="settings">
        <SettingsInputs />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

/** /admin/housing-companies/:id: edit a housing company. */
export default function HousingCompanyEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <HousingCompanyFormTabs />
    </Edit>
  );
}
