import type { PartnerCompany } from '@porta/contracts';
import { Create } from 'react-admin';
import { PartnerCompanyForm, partnerCompanyBody } from './PartnerCompanyForm';

/** /admin/partner-companies/create: a new partner company (03 §2 partner-company/new). */
export default function PartnerCompanyCreate() {
  return (
    <Create
      redirect="show"
      transform={(data: PartnerCompany) => partnerCompanyBody(data)}
      record={{ active: true, operationalAreaZips: [], operationalAreaTaxonomies: [] }}
    >
      <PartnerCompanyForm />
    </Create>
  );
}
