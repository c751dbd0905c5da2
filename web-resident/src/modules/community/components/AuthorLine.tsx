import type { AuthorLabel, CommunityAuthor } from '@porta/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/utils/format';

/**
 * How a writer is labelled (02 §6), from the label the service stored with the text: the
 * developer's staff as the developer; managers by their role's name; board roles by theirs (board
 * member when none is named); residents by their apartment (in an area discussion, by the area);
 * anyone else as a resident.
 */
export function useAuthorLabel(): (label: AuthorLabel) => string {
  const { t } = useTranslation('community');
  const { t: tc } = useTranslation('common');
  return useCallback(
    (label: AuthorLabel) => {
      switch (label.kind) {
        case 'developer':
          return t('author.developer');
        case 'role':
          return label.role ? tc(`roles.${label.role}`) : t('author.member');
        case 'board':
          return label.role ? tc(`roles.${label.role}`) : t('author.board');
        case 'apartment':
          return label.apartment ? t('author.apartment', { apartment: label.apartment }) : t('author.member');
        case 'area':
          return label.area ?? t('author.member');
        default:
          return t('author.member');
      }
    },
    [t, tc],
  );
}

/** What the writer line shows of a discussion or comment. */
export interface Written {
  author: CommunityAuthor;
  createdAt: string;
  edited: boolean;
  isOwn: boolean;
}

/** The writer, their label, the time written (and whether it was edited); "You" on one's own. */
export function AuthorLine({ item }: { item: Written }) {
  const { t } = useTranslation('community');
  const { dateTime } = useFormatters();
  const labelOf = useAuthorLabel();
  return (
    <p className="community-meta">
      <span className="community-meta__name">{item.author.firstName}</span>
      <span className="community-meta__label">{labelOf(item.author.label)}</span>
      {item.isOwn && <span className="tag tag--own">{t('comments.you')}</span>}
      <time className="community-meta__date" dateTime={item.createdAt}>
        {dateTime(item.createdAt)}
      </time>
      {item.edited && <span className="community-meta__edited">({t('comments.edited')})</span>}
    </p>
  );
}
