import { Edit, ReferenceField, SimpleForm } from 'react-admin';
import { SaveOnlyToolbar } from '../../common/SaveOnlyToolbar';
import { ApartmentInputs } from './ApartmentInputs';

/** /admin/apartments/:id: edit every field of an apartment (03 §2 apartment edit). */
export default function ApartmentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <ReferenceField source="housingCompanyId" reference="housing-companies" />
        <ApartmentInputs />
      </SimpleForm>
    </Edit>
  );
}
