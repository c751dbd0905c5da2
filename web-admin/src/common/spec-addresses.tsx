import { useBasename } from 'react-admin';
import { Navigate, Route, useParams } from 'react-router';
import type { Capabilities } from '../auth/access';

/**
 * The tabs of a housing company's page by the spec's names (03 §2 /admin/housing-company/{id}/…)
 * and the tab of HousingCompanyShow they open; '' is the details tab.
 */
const HOUSING_COMPANY_TABS: Readonly<Record<string, string>> = {
  images: 'images',
  apartments: 'apartments',
  partners: 'partners',
  features: 'features',
  'service-requests': 'service-requests',
  moderation: 'moderation',
  reminder: 'reminder',
  warranty: 'warranty',
};

/** Sends the address on to `to(params)` inside the staff app, replacing the history entry. */
function Forward({ to }: { to: (params: Readonly<Record<string, string | undefined>>) => string }) {
  const params = useParams();
  const basename = useBasename();
  return <Navigate replace to={`${basename}/${to(params)}`} />;
}

const enc = (value: string | undefined) => encodeURIComponent(value ?? '');

function housingCompanyTab(params: Readonly<Record<string, string | undefined>>) {
  const tab = HOUSING_COMPANY_TABS[params.tab ?? ''];
  if (params.tab === 'wizard') return `housing-companies/${enc(params.id)}/wizard`;
  if (params.tab === 'steps') return `housing-companies/${enc(params.id)}/steps`;
  return `housing-companies/${enc(params.id)}/show${tab ? `/${tab}` : ''}`;
}

/**
 * The spec's addresses of the staff app (03 §2) that staff already have as links, as redirects to
 * the screens that show them: `/admin/user/{id}`, `/admin/users/new/{hc}/{apt}` (prefilled),
 * `/admin/apartment/{id}`, `/admin/housing-company/{id}/{tab}`, `/admin/partner-company/…`,
 * `/admin/settings/features`. Only addresses of screens the viewer may use are routed; any other
 * address shows react-admin's "not found".
 */
export function specAddressRoutes(can: Capabilities) {
  return [
    can.usersRead ? (
      <Route key="user" path="/user/:id" element={<Forward to={(p) => `users/${enc(p.id)}/show`} />} />
    ) : null,
    can.usersManage ? (
      <Route
        key="user-add-role"
        path="/users/:id/add-role"
        element={<Forward to={(p) => `users/${enc(p.id)}/show/roles`} />}
      />
    ) : null,
    can.housingCompaniesRead ? (
      <Route
        key="apartment"
        path="/apartment/:id"
        element={<Forward to={(p) => `apartments/${enc(p.id)}/show`} />}
      />
    ) : null,
    can.housingCompaniesEdit ? (
      <Route
        key="apartment-edit"
        path="/apartment/edit/:id"
        element={<Forward to={(p) => `apartments/${enc(p.id)}`} />}
      />
    ) : null,
    can.housingCompaniesRead ? (
      <Route
        key="housing-company"
        path="/housing-company/:id"
        element={<Forward to={(p) => `housing-companies/${enc(p.id)}/show`} />}
      />
    ) : null,
    can.housingCompaniesRead ? (
      <Route
        key="housing-company-tab"
        path="/housing-company/:id/:tab/*"
        element={<Forward to={housingCompanyTab} />}
      />
    ) : null,
    can.housingCompaniesEdit ? (
      <Route
        key="housing-company-edit"
        path="/housing-company/edit/:id"
        element={<Forward to={(p) => `housing-companies/${enc(p.id)}`} />}
      />
    ) : null,
    can.housingCompaniesRead ? (
      <Route
        key="housing-company-list"
        path="/housing-company"
        element={<Forward to={() => 'housing-companies'} />}
      />
    ) : null,
    can.partnersRead ? (
      <Route
        key="partner-company-list"
        path="/partner-company/list"
        element={<Forward to={() => 'partner-companies'} />}
      />
    ) : null,
    can.partnersManage ? (
      <Route
        key="partner-company-new"
        path="/partner-company/new"
        element={<Forward to={() => 'partner-companies/create'} />}
      />
    ) : null,
    can.partnersManage ? (
      <Route
        key="partner-company-edit"
        path="/partner-company/edit/:id"
        element={<Forward to={(p) => `partner-companies/${enc(p.id)}`} />}
      />
    ) : null,
    can.partnerOwnCompany ? (
      <Route
        key="partner-company-edit-details"
        path="/partner-company/edit-details"
        element={<Forward to={() => 'partner/company/edit'} />}
      />
    ) : null,
    can.featureToggles ? (
      <Route
        key="settings-features"
        path="/settings/features"
        element={<Forward to={() => 'feature-toggles'} />}
      />
    ) : null,
  ];
}

/**
 * `/admin/users/new` and `/admin/users/new/{hcid}/{aptid}` (03 §2): the new-user form, with the
 * housing company and apartment of the first role filled in when the address names them.
 */
function NewUserForward() {
  const { hc, apt } = useParams();
  const basename = useBasename();
  const record = hc
    ? {
        firstRoleKind: apt ? 'apartment' : 'housingCompany',
        roleHousingCompanyId: hc,
        ...(apt ? { apartmentRole: { apartmentId: apt } } : { housingCompanyRole: { housingCompanyId: hc } }),
      }
    : undefined;
  return <Navigate replace to={`${basename}/users/create`} state={record ? { record } : undefined} />;
}

/** The users resource's own spec addresses (children of `<Resource name="users">`). */
export function newUserRoutes() {
  return [
    <Route key="new" path="new" element={<NewUserForward />} />,
    <Route key="new-hc" path="new/:hc" element={<NewUserForward />} />,
    <Route key="new-hc-apt" path="new/:hc/:apt" element={<NewUserForward />} />,
  ];
}
