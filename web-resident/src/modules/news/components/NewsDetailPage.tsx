import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { ReferenceComments } from '../../community';
import { usePageMeta } from '../../layout';
import { useNewsArticle } from '../hooks/queries';
import { Attachments, ContentImages, DetailStatus } from './ContentParts';
import { RequireHousingCompany } from './RequireHousingCompany';
import { SafeHtml } from './SafeHtml';

/**
 * /news/:id (id: the codename or uuid): the article with its images, content and attachments, then
 * its comments in the selected housing company (the community's comments on a reference, with
 * replies and likes; `#comment-<id>`, as NEWS_COMMENT notifications link, brings one into view).
 * `?showLinkToTimeline=true` (set by the timeline) adds a link back to the timeline.
 */
export function NewsDetailPage() {
  return (
    <RequireHousingCompany>
      <NewsDetail />
    </RequireHousingCompany>
  );
}

function NewsDetail() {
  const { t } = useTranslation('news');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const showLinkToTimeline = search.get('showLinkToTimeline') === 'true';
  const { date } = useFormatters();
  const query = useNewsArticle(id);
  const article = query.data;
  usePageMeta({ title: article?.title ?? t('news.title') });

  return (
    <article className="page content-detail">
      <div className="content-detail__back">
        {showLinkToTimeline ? (
          <Link className="back-link" to="/news#timeline">
            {t('detail.backToTimeline')}
          </Link>
        ) : (
          <Link className="back-link" to="/news">
            {t('news.backToNews')}
          </Link>
        )}
      </div>
      {article ? (
        <>
          <header className="content-detail__header">
            <p className="content-detail__meta">
              <span className="tag">{t(`types.${article.articleType}`)}</span>
              <time dateTime={article.publishDate}>{date(article.publishDate)}</time>
              {article.isPriority && <span className="tag tag--priority">{t('badges.priority')}</span>}
              {article.archived && <span className="tag tag--muted">{t('badges.archived')}</span>}
            </p>
            <h1>{article.title}</h1>
            {article.introduction && <p className="content-detail__lead">{article.introduction}</p>}
          </header>
          <ContentImages images={article.images} />
          {article.content && <SafeHtml html={article.content} />}
          <Attachments attachments={article.attachments} />
          {article.authorName && <p className="muted">{t('detail.author', { name: article.authorName })}</p>}
          <ReferenceComments type="news" id={article.id} />
        </>
      ) : (
        <>
          <h1>{t('news.title')}</h1>
          <DetailStatus pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
    </article>
  );
}
