import type { NeighbourApartment } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { RequireHousingCompany } from '../../news';
import type { SectionLink } from '../../sections';
import { useCurrentUser } from '../../startup';
import { useNeighbours } from '../hooks/conversations';
import { newMessageUrl } from '../utils/links';
import { CommunityListPage } from './CommunityListPage';

/**
 * /community/my-neighbours (02 §2, §3): every apartment of the housing company in number order
 * with the first names of its residents who have a public profile, each with a way to send them a
 * private message; an apartment without any says so quietly.
 */
export function NeighboursPage({ links = [] }: { links?: readonly SectionLink[] }) {
  return (
    <RequireHousingCompany>
      <Neighbours links={links} />
    </RequireHousingCompany>
  );
}

function Neighbours({ links }: { links: readonly SectionLink[] }) {
  const { t } = useTranslation('community');
  const { t: tr } = useTranslation();
  const query = useNeighbours();
  const apartments = query.data?.apartments;
  return (
    <CommunityListPage heading={tr('sections.myNeighbours')} links={links}>
      <p className="muted">{t('neighbours.hint')}</p>
      <QueryStatus pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {apartments &&
        (apartments.length === 0 ? (
          <EmptyState title={t('neighbours.emptyTitle')} description={t('neighbours.emptyText')} />
        ) : (
          <ul className="neighbour-list" aria-label={t('neighbours.list')}>
            {apartments.map((apartment) => (
              <ApartmentCard key={apartment.id} apartment={apartment} />
            ))}
          </ul>
        ))}
    </CommunityListPage>
  );
}

function ApartmentCard({ apartment }: { apartment: NeighbourApartment }) {
  const { t } = useTranslation('community');
  const { me } = useCurrentUser();
  return (
    <li className="card neighbour-card">
      <h2 className="neighbour-card__title">{t('author.apartment', { apartment: apartment.no })}</h2>
      {apartment.residents.length === 0 ? (
        <p className="muted neighbour-card__none">{t('neighbours.noPublic')}</p>
      ) : (
        <ul
          className="neighbour-card__residents"
          aria-label={t('neighbours.residents', { apartment: apartment.no })}
        >
          {apartment.residents.map((resident) => (
            <li key={resident.id} className="neighbour-card__resident">
              <span className="community-meta__name">{resident.firstName}</span>
              {resident.id === me.user.id ? (
                <span className="tag tag--own">{t('comments.you')}</span>
              ) : (
                <Link
                  className="button button--secondary neighbour-card__message"
                  to={newMessageUrl(resident.id)}
                  aria-label={t('neighbours.sendMessageTo', { name: resident.firstName })}
                >
                  {t('neighbours.sendMessage')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
