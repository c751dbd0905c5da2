import { Create, required, SimpleForm } from 'react-admin';
import { HousingCompanyInput } from '../../common/inputs';
import { ApartmentInputs } from './ApartmentInputs';

/** /admin/apartments/create: a new apartment in a housing company. */
export default function ApartmentCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ terrace: false, balcony: false, sauna: false }}>
        <HousingCompanyInput source="housingCompanyId" validate={required()} />
        <ApartmentInputs />
      </SimpleForm>
    </Create>
  );
}
