import { Create } from 'react-admin';
import { HousingCompanyFormTabs } from './HousingCompanyEdit';

/** /admin/housing-companies/create: a new housing company; the setup wizard continues from it. */
export default function HousingCompanyCreate() {
  return (
    <Create redirect={(_resource, id) => `housing-companies/${id}/wizard`}>
      <HousingCompanyFormTabs />
    </Create>
  );
}
