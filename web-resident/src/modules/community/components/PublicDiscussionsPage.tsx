import { type Discussion, discussionUrl } from '@porta/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/utils/format';
import { RequireHousingCompany } from '../../news';
import type { SectionLink } from '../../sections';
import { useCreateDiscussion, useDiscussions } from '../hooks/queries';
import { AuthorLine } from './AuthorLine';
import { CommunityListPage } from './CommunityListPage';
import { ListCard } from './ListCard';
import { PagedList } from './PagedList';

/**
 * /community/public-discussions (02 §2): the housing company's discussions, newest activity first,
 * 25 at a time with "load more"; loading, empty (inviting the first discussion) and failure
 * states; a form for a new discussion, which opens once published. `links`: the community's sub
 * sections that are on.
 */
export function PublicDiscussionsPage({ links = [] }: { links?: readonly SectionLink[] }) {
  return (
    <RequireHousingCompany>
      <PublicDiscussions links={links} />
    </RequireHousingCompany>
  );
}

function PublicDiscussions({ links }: { links: readonly SectionLink[] }) {
  const { t } = useTranslation('community');
  const { t: tr } = useTranslation();
  const query = useDiscussions();
  const create = useCreateDiscussion();
  return (
    <CommunityListPage
      heading={tr('sections.publicDiscussions')}
      links={links}
      newWriting={{
        label: t('discussions.new'),
        title: t('discussions.newTitle'),
        mutation: create,
        created: t('discussions.created'),
        urlOf: discussionUrl,
      }}
    >
      <PagedList
        query={query}
        className="discussion-list"
        label={t('discussions.list')}
        empty={t('discussions.empty')}
        loadMoreLabel={t('discussions.loadMore')}
        showCount
        renderItem={(discussion) => <DiscussionCard key={discussion.id} discussion={discussion} />}
      />
    </CommunityListPage>
  );
}

function DiscussionCard({ discussion }: { discussion: Discussion }) {
  const { t } = useTranslation('community');
  const { dateTime } = useFormatters();
  return (
    <ListCard
      to={discussionUrl(discussion.id)}
      title={discussion.title}
      own={discussion.isOwn}
      stats={[
        t('discussions.comments', { count: discussion.commentCount }),
        t('discussions.likes', { count: discussion.likes.count }),
        t('discussions.lastActivity', { date: dateTime(discussion.lastActivityAt) }),
      ]}
    >
      <AuthorLine item={discussion} />
    </ListCard>
  );
}
