import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';
import { useStep } from '../hooks/queries';
import { ContentImages, DetailStatus } from './ContentParts';
import { RequireHousingCompany } from './RequireHousingCompany';
import { SafeHtml } from './SafeHtml';

/** /step/:id (codename or uuid): one lifecycle step of the project with its related content. */
export function StepPage() {
  return (
    <RequireHousingCompany>
      <Step />
    </RequireHousingCompany>
  );
}

function Step() {
  const { t } = useTranslation('news');
  const { id = '' } = useParams();
  const { date } = useFormatters();
  const query = useStep(id);
  const step = query.data;
  usePageMeta({ title: step?.title ?? t('step.title') });

  return (
    <article className="page content-detail">
      <div className="content-detail__back">
        <Link className="back-link" to="/news#timeline">
          {t('detail.backToTimeline')}
        </Link>
      </div>
      {step ? (
        <>
          <header className="content-detail__header">
            <p className="content-detail__meta">
              <span className="tag tag--step">{t('types.step')}</span>
              <time dateTime={step.dateStart}>{t('detail.startsOn', { date: date(step.dateStart) })}</time>
              {step.upcoming && <span className="tag tag--upcoming">{t('badges.upcoming')}</span>}
            </p>
            <h1>{step.title}</h1>
            {step.introduction && !step.content && (
              <p className="content-detail__lead">{step.introduction}</p>
            )}
          </header>
          <ContentImages images={step.images} />
          {step.content && <SafeHtml html={step.content} />}
          {step.related.length > 0 && (
            <section className="related" aria-labelledby="step-related-title">
              <h2 id="step-related-title">{t('detail.related')}</h2>
              <ul className="related__list">
                {step.related.map((link) => (
                  <li key={`${link.type}-${link.id}`}>
                    <Link to={link.link}>{link.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : (
        <>
          <h1>{t('step.title')}</h1>
          <DetailStatus pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
    </article>
  );
}
