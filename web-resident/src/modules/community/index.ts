export { type CommunityApi, createCommunityApi } from './api/community.api';
export { ConversationPage } from './components/ConversationPage';
export { ConversationsPage } from './components/ConversationsPage';
export { DiscussionPage } from './components/DiscussionPage';
export { NeighboursPage } from './components/NeighboursPage';
export { NewConversationPage } from './components/NewConversationPage';
export { PublicDiscussionsPage } from './components/PublicDiscussionsPage';
export { communityKey } from './hooks/queries';
export { hasText, textToHtml } from './utils/body';
