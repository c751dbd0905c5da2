import { AppError } from '@porta/service-kit';
import { describe, expect, it } from 'vitest';
import {
  articleExcerpt,
  articleReachesCompany,
  cleanArticleVariants,
  isArchived,
  isPriorityArticle,
  isScheduled,
  isStickyNow,
  isUniqueViolation,
  isUuid,
  likePattern,
  newsWindow,
  publishTime,
  resolveArticleFields,
  toNewsListItem,
} from './articles.js';

const now = new Date('2026-03-15T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('article rules', () => {
  it('archived once the archive date has passed', () => {
    expect(isArchived(null, now)).toBe(false);
    expect(isArchived(at('2026-03-15T12:00:00.001Z'), now)).toBe(false);
    expect(isArchived(at('2026-03-15T12:00:00.000Z'), now)).toBe(true);
  });

  it('sticky only while the sticky date is ahead', () => {
    expect(isStickyNow(null, now)).toBe(false);
    expect(isStickyNow(at('2026-03-15T12:00:00.000Z'), now)).toBe(false);
    expect(isStickyNow(at('2026-03-15T12:00:01.000Z'), now)).toBe(true);
  });

  it('priority_news is priority for one calendar month after publishing', () => {
    expect(isPriorityArticle('priority_news', at('2026-02-15T12:00:01.000Z'), now)).toBe(true);
    expect(isPriorityArticle('priority_news', at('2026-02-15T12:00:00.000Z'), now)).toBe(false);
    expect(isPriorityArticle('news', at('2026-03-14T00:00:00.000Z'), now)).toBe(false);
  });

  it('scheduled: published with a publish time ahead', () => {
    expect(isScheduled({ status: 'published', publishAt: at('2026-03-16T00:00:00Z') }, now)).toBe(true);
    expect(isScheduled({ status: 'draft', publishAt: at('2026-03-16T00:00:00Z') }, now)).toBe(false);
    expect(isScheduled({ status: 'published', publishAt: now }, now)).toBe(false);
  });

  it('list windows per mode', () => {
    expect(newsWindow('default', undefined, 0, now)).toMatchObject({
      limit: 4,
      includeArchived: false,
      since: null,
    });
    expect(newsWindow('latest', undefined, 0, now)).toMatchObject({
      limit: 5,
      stickyFirst: true,
      since: at('2025-03-15T12:00:00.000Z'),
    });
    expect(newsWindow('statusUpdates', 10, 20, now)).toMatchObject({
      limit: 10,
      offset: 20,
      statusUpdatesOnly: true,
    });
    expect(newsWindow('archive', undefined, 0, now)).toMatchObject({
      limit: 100,
      includeArchived: true,
      stickyFirst: false,
    });
    expect(newsWindow('archive', 100, 0, now).limit).toBe(100);
  });

  it('the excerpt comes from the introduction, else the content text, cut to 300', () => {
    expect(articleExcerpt({ introduction: 'Intro', content: '<p>Body</p>' })).toBe('Intro');
    expect(articleExcerpt({ introduction: '  ', content: '<p>Body &amp; more</p>' })).toBe('Body & more');
    const long = articleExcerpt({ content: `<p>${'word '.repeat(100)}</p>` });
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('…')).toBe(true);
    expect(articleExcerpt({})).toBe('');
  });

  it('a list item picks the language and cuts the box title', () => {
    const item = toNewsListItem(
      {
        id: '5a8f4c1e-0000-4000-8000-000000000001',
        codename: 'x',
        articleType: 'priority_news',
        variants: { en: { title: 'T'.repeat(100) }, fi: { title: 'Otsikko' } },
        defaultLanguage: 'en',
        publishAt: at('2026-03-10T00:00:00Z'),
        stickyUntil: null,
        archiveAt: null,
        createdAt: at('2026-03-01T00:00:00Z'),
      },
      { language: 'sv', now },
      null,
    );
    expect(item).toMatchObject({ language: 'en', isPriority: true, sticky: false, slug: 'x' });
    expect(item.boxTitle).toHaveLength(80);
    expect(item.title).toHaveLength(100);
  });

  it('resolves publication fields and keeps a stored past archive date or sticky expiry', () => {
    const base = {
      status: 'published' as const,
      publishAt: null,
      unpublishAt: null,
      archiveAt: null,
      sticky: false,
      stickyUntil: null,
      readyBefore: null,
      readyAfter: null,
    };
    expect(resolveArticleFields(base, now)).toMatchObject({
      status: 'published',
      publishAt: now,
      stickyUntil: null,
    });
    const past = '2026-03-01T00:00:00.000Z';
    expect(codeOf(() => resolveArticleFields({ ...base, archiveAt: past }, now))).toBe(
      'CNT_ARCHIVE_DATE_IN_PAST',
    );
    const stored = { archiveAt: at(past), stickyUntil: at(past) };
    expect(resolveArticleFields({ ...base, archiveAt: past }, now, stored).archiveAt).toEqual(at(past));
    expect(codeOf(() => resolveArticleFields({ ...base, sticky: true, stickyUntil: past }, now))).toBe(
      'CNT_STICKY_EXPIRY_REQUIRED',
    );
    expect(
      resolveArticleFields({ ...base, sticky: true, stickyUntil: past }, now, stored).stickyUntil,
    ).toEqual(at(past));
    // Not sticky: the expiry is dropped.
    expect(
      resolveArticleFields({ ...base, stickyUntil: '2026-04-01T00:00:00Z' }, now).stickyUntil,
    ).toBeNull();
    expect(
      codeOf(() =>
        resolveArticleFields({ ...base, readyBefore: '2026-01-01', readyAfter: '2026-01-01' }, now),
      ),
    ).toBe('CNT_READY_DATES_ORDER');
  });

  it('reaches a housing company by phase, ready dates and the welcome codename', () => {
    const article = { codename: 'a', buildingPhase: null, readyBefore: null, readyAfter: null };
    const living = { completionDate: '2025-01-01' };
    const building = { completionDate: '2026-12-01' };
    const unknown = { completionDate: null };
    expect(articleReachesCompany(article, living, now)).toBe(true);
    expect(articleReachesCompany({ ...article, codename: 'welcome-to-porta' }, living, now)).toBe(false);
    expect(articleReachesCompany({ ...article, codename: 'welcome-to-porta' }, unknown, now)).toBe(true);
    expect(articleReachesCompany({ ...article, buildingPhase: 'construction' }, building, now)).toBe(true);
    expect(articleReachesCompany({ ...article, buildingPhase: 'construction' }, living, now)).toBe(false);
    expect(articleReachesCompany({ ...article, readyBefore: '2025-06-01' }, living, now)).toBe(true);
    expect(articleReachesCompany({ ...article, readyBefore: '2025-06-01' }, building, now)).toBe(false);
    expect(articleReachesCompany({ ...article, readyAfter: '2025-06-01' }, building, now)).toBe(true);
    expect(articleReachesCompany({ ...article, readyAfter: '2025-06-01' }, unknown, now)).toBe(false);
  });

  it('cleans variants: plain titles and introductions, sanitised content', () => {
    expect(
      cleanArticleVariants({
        en: {
          title: ' A <b>&amp;</b> B ',
          introduction: '<i>x</i>',
          content: '<p>ok</p><script>no()</script>',
        },
        fi: { title: 'Vain otsikko', content: '<script>x()</script>' },
      }),
    ).toEqual({
      en: { title: 'A & B', introduction: 'x', content: '<p>ok</p>' },
      fi: { title: 'Vain otsikko' },
    });
    expect(codeOf(() => cleanArticleVariants({ en: { title: '<img src=x>' } }))).toBe('VALIDATION_FAILED');
  });

  it('publish time: now, or a future time only', () => {
    expect(publishTime(null, now)).toBe(now);
    expect(publishTime('2026-03-16T00:00:00Z', now)).toEqual(at('2026-03-16T00:00:00Z'));
    expect(codeOf(() => publishTime('2026-03-15T12:00:00Z', now))).toBe('CNT_PUBLISH_TIME_IN_PAST');
  });

  it('small helpers', () => {
    expect(isUuid('5a8f4c1e-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('welcome-to-porta')).toBe(false);
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(isUniqueViolation({ cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
  });
});
