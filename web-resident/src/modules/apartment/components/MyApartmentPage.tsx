import {
  type MyHousingCompany,
  type Role,
  SERVICE_REQUEST_PAGE_MAX,
  type ServiceRequest,
} from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../../shared/services';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useFormatters } from '../../../shared/utils/format';
import { communityKey, createCommunityApi } from '../../community';
import { CHANGE_HOUSING_COMPANY_PATH } from '../../housing-company';
import { housingCompanyName } from '../../identity';
import { usePageMeta, useSectionName } from '../../layout';
import { RequireHousingCompany, useContentScope } from '../../news';
import { createServiceRequestsApi, StatusBadge, serviceRequestsKey } from '../../service-requests';
import { useCurrentUser } from '../../startup';
import { type ApartmentArea, apartmentAreas, splitApartmentNo } from '../utils/apartment';
import { ApartmentImages } from './ApartmentImages';

type Apartment = MyHousingCompany['apts'][number];

/** Service requests of the apartment shown on its page (the rest are in the list). */
const REQUESTS_SHOWN = 5;

/**
 * /my-apartment (01 §2 "/my-apartment and its sub-routes"): the signed-in user's apartments in the
 * selected housing company — number and staircase, the housing company and its address, the user's
 * roles there and the residents of the apartment who show in the neighbour list (feature
 * neighbours) — then a card for each apartment area whose feature is on (documents, warranty,
 * consumption, movement sensors, bookings, material selection) and the apartment's service
 * requests (feature service-requests). Each apartment shows its images (03 §5), when it has any. The apartment areas hang from this page.
 */
export function MyApartmentPage() {
  return (
    <RequireHousingCompany>
      <MyApartment />
    </RequireHousingCompany>
  );
}

function MyApartment() {
  const { t } = useTranslation('resident');
  const { me, housingCompany, features } = useCurrentUser();
  const heading = useSectionName() ?? t('sections.myApartment');
  usePageMeta({ title: heading });
  const hc = housingCompany as MyHousingCompany;
  // The selected apartment first, then the others in their order.
  const apartments = [...hc.apts].sort(
    (a, b) => Number(b.id === me.selectedApartmentId) - Number(a.id === me.selectedApartmentId),
  );
  const areas = apartmentAreas(features, hc.state);
  const on = (feature: string) => Object.hasOwn(features, feature);
  const elsewhere = me.hcs.filter((other) => other.id !== hc.id && other.apts.length > 0);

  return (
    <section className="page my-apartment" aria-labelledby="my-apartment-title">
      <h1 id="my-apartment-title">{heading}</h1>
      {apartments.length === 0 ? (
        <EmptyState
          title={t('myApartment.noApartmentTitle')}
          description={t('myApartment.noApartmentText', { housingCompany: housingCompanyName(hc, me.user) })}
          action={{ label: t('myApartment.toContactBook'), to: '/support/contact-book' }}
        />
      ) : (
        <ul className="my-apartment__homes">
          {apartments.map((apartment) => (
            <li key={apartment.id}>
              <ApartmentCard
                apartment={apartment}
                housingCompany={hc}
                selected={apartment.id === me.selectedApartmentId || apartments.length === 1}
                showResidents={on('neighbours')}
              />
            </li>
          ))}
        </ul>
      )}

      {areas.length > 0 && <AreaCards areas={areas} />}

      {on('service-requests') && apartments.length > 0 && (
        <ApartmentRequests apartmentIds={apartments.map((a) => a.id)} />
      )}

      {elsewhere.length > 0 && (
        <section className="card my-apartment__elsewhere" aria-labelledby="my-apartment-elsewhere">
          <h2 id="my-apartment-elsewhere" className="card__title">
            {t('myApartment.elsewhereTitle')}
          </h2>
          <ul className="my-apartment__elsewhere-list">
            {elsewhere.flatMap((other) =>
              other.apts.map((apartment) => (
                <li key={apartment.id}>
                  {t('myApartment.elsewhereItem', {
                    apartment: apartment.externalName ?? apartment.no,
                    housingCompany: housingCompanyName(other, me.user),
                  })}
                </li>
              )),
            )}
          </ul>
          <Link to={CHANGE_HOUSING_COMPANY_PATH}>{t('myApartment.switchHousingCompany')}</Link>
        </section>
      )}
    </section>
  );
}

function ApartmentCard({
  apartment,
  housingCompany,
  selected,
  showResidents,
}: {
  apartment: Apartment;
  housingCompany: MyHousingCompany;
  selected: boolean;
  showResidents: boolean;
}) {
  const { t } = useTranslation('resident');
  const { t: tc } = useTranslation('common');
  const { me } = useCurrentUser();
  const { staircase, number } = splitApartmentNo(apartment.no);
  const titleId = `apartment-${apartment.id}`;
  const address = [housingCompany.addressStreet, housingCompany.addressCity].filter(Boolean).join(', ');
  const roleName = (role: Role) => tc(`roles.${role}`);
  const companyRoles = housingCompany.roles.map(roleName);

  return (
    <article className="card my-apartment__home" aria-labelledby={titleId}>
      <div className="my-apartment__home-header">
        <h2 id={titleId} className="my-apartment__home-title">
          {t('myApartment.apartment', { no: apartment.externalName ?? apartment.no })}
        </h2>
        {selected && <span className="badge badge--primary">{t('myApartment.selected')}</span>}
      </div>
      <dl className="my-apartment__facts">
        <div>
          <dt>{t('myApartment.housingCompany')}</dt>
          <dd>
            {housingCompanyName(housingCompany, me.user)}
            {address && <span className="muted my-apartment__address">{address}</span>}
          </dd>
        </div>
        {staircase && (
          <div>
            <dt>{t('myApartment.staircase')}</dt>
            <dd>{staircase}</dd>
          </div>
        )}
        <div>
          <dt>{t('myApartment.number')}</dt>
          <dd>{number}</dd>
        </div>
        <div>
          <dt>{t('myApartment.yourRole')}</dt>
          <dd>{apartment.roles.length ? apartment.roles.map(roleName).join(', ') : '–'}</dd>
        </div>
        {companyRoles.length > 0 && (
          <div>
            <dt>{t('myApartment.companyRoles')}</dt>
            <dd>{companyRoles.join(', ')}</dd>
          </div>
        )}
      </dl>
      <ApartmentImages apartmentId={apartment.id} apartmentNo={apartment.externalName ?? apartment.no} />
      {showResidents && <Residents apartmentId={apartment.id} apartmentNo={apartment.no} />}
    </article>
  );
}

/** The apartment's other residents who show in the neighbour list (public profile). */
function Residents({ apartmentId, apartmentNo }: { apartmentId: string; apartmentNo: string }) {
  const { t } = useTranslation('resident');
  const { session } = useServices();
  const { me } = useCurrentUser();
  const { housingCompanyId, lang } = useContentScope();
  const api = useMemo(() => createCommunityApi(session), [session]);
  const query = useQuery({
    queryKey: communityKey(housingCompanyId, 'neighbours'),
    queryFn: () => api.listNeighbours(housingCompanyId as string, lang),
    enabled: housingCompanyId !== null,
  });
  if (!query.data) return null;
  const others =
    query.data.apartments
      .find((apartment) => apartment.id === apartmentId)
      ?.residents.filter((resident) => resident.id !== me.user.id) ?? [];
  return (
    <div className="my-apartment__residents">
      <h3 className="my-apartment__subtitle">{t('myApartment.othersTitle')}</h3>
      {others.length === 0 ? (
        <p className="muted">{t('myApartment.othersNone')}</p>
      ) : (
        <ul
          className="my-apartment__resident-list"
          aria-label={t('myApartment.othersList', { apartment: apartmentNo })}
        >
          {others.map((resident) => (
            <li key={resident.id}>{resident.firstName}</li>
          ))}
        </ul>
      )}
      <p className="muted my-apartment__hint">{t('myApartment.othersHint')}</p>
    </div>
  );
}

function AreaCards({ areas }: { areas: readonly ApartmentArea[] }) {
  const { t } = useTranslation('resident');
  return (
    <section className="my-apartment__areas" aria-labelledby="my-apartment-areas">
      <h2 id="my-apartment-areas">{t('myApartment.areasTitle')}</h2>
      <ul className="my-apartment__area-grid">
        {areas.map((area) => (
          <li key={area.key}>
            <Link className="card my-apartment__area" to={area.to} data-area={area.key}>
              <span className="my-apartment__area-title">{t(`myApartment.areas.${area.key}.title`)}</span>
              <span className="muted">{t(`myApartment.areas.${area.key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The service requests sent from the user's apartments, newest first. */
function ApartmentRequests({ apartmentIds }: { apartmentIds: readonly string[] }) {
  const { t } = useTranslation('resident');
  const { session } = useServices();
  const { housingCompanyId, lang } = useContentScope();
  const { date } = useFormatters();
  const api = useMemo(() => createServiceRequestsApi(session), [session]);
  const query = useQuery({
    // Under the list's key, so that sending or changing a request reads it again.
    queryKey: serviceRequestsKey(housingCompanyId, 'list', lang, 'apartment'),
    queryFn: () =>
      api.listRequests({
        housingCompanyId: housingCompanyId as string,
        filter: 'all',
        skip: 0,
        limit: SERVICE_REQUEST_PAGE_MAX,
        lang,
      }),
    enabled: housingCompanyId !== null,
  });
  const mine: ServiceRequest[] = (query.data?.items ?? []).filter(
    (request) => request.sender.apartmentId !== null && apartmentIds.includes(request.sender.apartmentId),
  );

  return (
    <section className="card my-apartment__requests" aria-labelledby="my-apartment-requests">
      <div className="dashboard-box__header">
        <h2 id="my-apartment-requests" className="card__title">
          {t('myApartment.requestsTitle')}
        </h2>
        <Link to="/support/service-requests">{t('myApartment.allRequests')}</Link>
      </div>
      {!query.data ? (
        <QueryStatus pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      ) : mine.length === 0 ? (
        <EmptyState
          title={t('myApartment.requestsEmptyTitle')}
          description={t('myApartment.requestsEmptyText')}
          action={{ label: t('myApartment.reportFault'), to: '/support/service-requests/new' }}
        />
      ) : (
        <ul className="my-apartment__request-list" aria-label={t('myApartment.requestsTitle')}>
          {mine.slice(0, REQUESTS_SHOWN).map((request) => (
            <li key={request.id} className="my-apartment__request">
              <Link to={`/support/service-requests/${request.id}`}>{request.subject}</Link>
              <span className="my-apartment__request-meta">
                <StatusBadge status={request.statusKey} />
                <span className="muted">{date(request.createdAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
