/** Limits of the content areas (01 §9, 02 §9, 03 §9), one place each. */

/** Resident news list default size and the dashboard's (02 §9). */
export const NEWS_LIST_DEFAULT = 4;
/** Latest news: this many items from the last year, sticky first (01 §9). */
export const LATEST_NEWS_COUNT = 5;
export const LATEST_NEWS_MAX_AGE_DAYS = 365;
export const NEWS_ARCHIVE_LIMIT = 100;
/** Excerpts and box-mode titles are cut to these lengths (01 §9). */
export const EXCERPT_MAX_CHARS = 300;
export const BOX_TITLE_MAX_CHARS = 80;
/** A priority_news article is priority for this long after its publish date (01 §9). */
export const PRIORITY_NEWS_MONTHS = 1;
/** The welcome article's fixed codename; shown only in the construction state (01 §9). */
export const WELCOME_ARTICLE_CODENAME = 'welcome-to-porta';

export const CALENDAR_LIST_DEFAULT = 4;
/** Staff calendar list default (03 §9: admin calendar limit 10 ordered start_time desc). */
export const ADMIN_CALENDAR_DEFAULT = 10;
/** 'Deadline coming' events go out this long before a deadline. */
export const DEADLINE_NOTICE_HOURS = 48;

export const STEP_INTRODUCTION_MAX_CHARS = 250;

export const CONTACTS_LIMIT = 50;
export const CONTACT_PRIORITY_DEFAULT = 999;
/** Footer main contacts (01 §9). */
export const MAIN_CONTACTS_MAX = 4;
export const FAQ_LIMIT = 50;
export const HELP_FAQ_LIMIT = 99;

export const CAMPAIGN_FETCH_LIMIT = 99;
export const CAMPAIGN_RANDOM_LIMIT = 20;
export const DASHBOARD_CAMPAIGNS_SHOWN = 6;
export const ADMIN_CAMPAIGN_DEFAULT = 10;
/** Advertisements are visible at most this long; drafts are kept this long (03 §9). */
export const ADVERTISEMENT_MAX_VISIBLE_MONTHS = 6;
export const ADVERTISEMENT_DRAFT_KEPT_MONTHS = 3;
/** Publishing to more housing companies than this asks for a broad-audience confirmation. */
export const BROAD_AUDIENCE_THRESHOLD = 10;

export const CORPORATE_NEWS_LIST_DEFAULT = 4;
export const RECOMMENDED_ARTICLES_DEFAULT = 4;
export const RECOMMENDED_ARTICLES_FULL_PAGE = 25;

/** Timeline page (02 §9). */
export const TIMELINE_PAGE_SIZE = 50;

/** Images (03 §5): article images landscape 16:9 at least 1000 px wide; partner logos 1:1 ≥ 500 px png. */
export const ARTICLE_IMAGE_MIN_WIDTH = 1000;
export const ARTICLE_IMAGE_RATIO = 16 / 9;
/** How far the ratio may be off (rounding of real images). */
export const IMAGE_RATIO_TOLERANCE = 0.02;
export const PARTNER_LOGO_MIN_WIDTH = 500;
export const IMAGE_MAX_BYTES = 35_000_000;
export const ATTACHMENT_MAX_BYTES = 36_700_160;
export const ATTACHMENT_EXTENSIONS = [
  'asice',
  'jpg',
  'jpeg',
  'png',
  'ico',
  'gif',
  'webp',
  'tiff',
  'dwg',
  'pdf',
  'xls',
  'xlsx',
  'doc',
  'ppt',
  'pptx',
  'pps',
  'ppsx',
  'odt',
  'key',
  'docx',
] as const;

/** Feedback ratings run from 1 to 5 (01 §5). */
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_COMMENT_MAX_CHARS = 2000;

/** Corporate news archive fetches at most this many (02 §7 getYitArticles limit 999). */
export const CORPORATE_NEWS_FETCH_LIMIT = 999;
/** A feed answer larger than this is refused. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** Items kept from one feed answer at most. */
export const FEED_MAX_ITEMS_PER_FETCH = 200;

/** Resident news and calendar lists: the most items one page may ask for. */
export const NEWS_LIST_MAX = 100;
export const CALENDAR_LIST_MAX = 100;
/** Images and attachments of one article or calendar entry at most. */
export const EDITORIAL_IMAGES_MAX = 20;
export const EDITORIAL_ATTACHMENTS_MAX = 20;
