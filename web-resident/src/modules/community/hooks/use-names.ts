import { type Conversation, languageOfLocale } from '@porta/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../startup';
import { listOf } from '../utils/names';

/** Names as a list in the language shown ("Nina, Rami and Olivia"). */
export function useListOf(): (names: readonly string[]) => string {
  const { i18n } = useTranslation();
  const language = languageOfLocale(i18n.resolvedLanguage ?? i18n.language);
  return useCallback((names: readonly string[]) => listOf(names, language), [language]);
}

/**
 * How a conversation is named: its title, or else whom the reader talks with (the participants
 * but the reader); `others` names those.
 */
export function useConversationNames(): (conversation: Conversation) => { name: string; others: string } {
  const { t } = useTranslation('community');
  const { me } = useCurrentUser();
  const list = useListOf();
  return useCallback(
    (conversation: Conversation) => {
      const others = list(
        conversation.participants.filter((p) => p.id !== me.user.id).map((p) => p.firstName),
      );
      return { name: conversation.title ?? (others || t('conversations.untitled')), others };
    },
    [t, me.user.id, list],
  );
}
