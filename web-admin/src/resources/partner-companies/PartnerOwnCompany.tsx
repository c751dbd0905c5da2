import { Card, CardContent, Typography } from '@mui/material';
import type { PartnerCompany, PartnerCompanyUser } from '@porta/contracts';
import { Loading, ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { useChange, useIdentityGet, usePortaCalls } from '../../common/api';
import { PartnerCompanyForm, partnerCompanyBody } from './PartnerCompanyForm';

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * What a partner may send about its own company (zPartnerOwnCompanyUpdate): no id, external id,
 * flags or dates. The operational area goes only when the partner changed it: whatever area is
 * sent becomes a proposal for staff, so saving a phone number must not propose the area again
 * (nor replace a proposal that waits).
 */
export function ownCompanyBody(values: Partial<PartnerCompany>, loaded: PartnerCompany) {
  const {
    id: _id,
    externalId: _externalId,
    active: _active,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    proposedOperationalArea: _proposal,
    operationalAreaZips,
    operationalAreaTaxonomies,
    ...fields
  } = partnerCompanyBody(values);
  const areaChanged =
    !sameSet(operationalAreaZips, loaded.operationalAreaZips) ||
    !sameSet(operationalAreaTaxonomies, loaded.operationalAreaTaxonomies);
  return areaChanged ? { ...fields, operationalAreaZips, operationalAreaTaxonomies } : fields;
}

/** The company's users, to read (staff add and remove them). */
function OwnCompanyUsers({ companyId }: { companyId: string }) {
  const translate = useTranslate();
  const { data, error } = useIdentityGet<PartnerCompanyUser[]>(`/admin/partner-companies/${companyId}/users`);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('porta.partner_companies.users')}
        </Typography>
        {error ? (
          <Typography color="error">{translate('porta.partner_companies.users_failed')}</Typography>
        ) : data && data.length === 0 ? (
          <Typography>{translate('porta.partner_companies.no_users')}</Typography>
        ) : (
          <ul>
            {(data ?? []).map((user) => (
              <li key={user.id}>
                {`${user.firstName} ${user.lastName}`.trim()} ({user.email})
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /admin/partner/company/edit (03 §2 business partner area, /partner/company/edit): a partner's own
 * company — details, contact details and the operational area it proposes — and its users.
 */
export default function PartnerOwnCompany() {
  const translate = useTranslate();
  const { call } = usePortaCalls();
  const { run } = useChange();
  const { data, error, isPending, reload } = useIdentityGet<PartnerCompany>('/partner/company');
  if (isPending) return <Loading />;
  if (error || !data) {
    return (
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography color="error">{translate('porta.partner_companies.own.load_failed')}</Typography>
        </CardContent>
      </Card>
    );
  }
  const save = async (values: Partial<PartnerCompany>) => {
    const result = await run(() => call('PUT', '/partner/company', { body: ownCompanyBody(values, data) }), {
      success: 'porta.partner_companies.own.saved',
    });
    if (result.ok) reload();
  };
  return (
    <>
      <Title title={translate('porta.partner_companies.own.title', { name: data.name })} />
      <ResourceContextProvider value="partner-companies">
        <Card sx={{ mt: 2 }}>
          <PartnerCompanyForm own record={data} onSubmit={save} />
        </Card>
      </ResourceContextProvider>
      <OwnCompanyUsers companyId={data.id} />
    </>
  );
}
