import RssFeedIcon from '@mui/icons-material/RssFeed';
import type { AdminFeed } from '@porta/contracts';
import { lazy } from 'react';
import type { Capabilities } from '../../auth/access';

const FeedList = lazy(() => import('./FeedList'));
const FeedShow = lazy(() => import('./FeedShow'));
const FeedCreate = lazy(() => import('./FeedCreate'));
const FeedEdit = lazy(() => import('./FeedEdit'));

/** The `feeds` resource: external feeds (yitUser read; site editors write and fetch). */
export default function feeds(can: Capabilities) {
  return {
    list: FeedList,
    show: FeedShow,
    ...(can.siteContentWrite ? { create: FeedCreate, edit: FeedEdit } : {}),
    icon: RssFeedIcon,
    recordRepresentation: (feed: AdminFeed) => feed.url,
  };
}
