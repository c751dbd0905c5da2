import type { PartnerCompany } from '@porta/contracts';
import { Edit } from 'react-admin';
import { PartnerCompanyForm, partnerCompanyBody } from './PartnerCompanyForm';

/** /admin/partner-companies/:id: edit a partner company, its contact details and operational area. */
export default function PartnerCompanyEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="show"
      transform={(data: PartnerCompany) => partnerCompanyBody(data)}
    >
      <PartnerCompanyForm />
    </Edit>
  );
}
