import { IMAGE_MAX_BYTES } from '../content/limits.js';

/**
 * Limits of the community area (02 §5, §9; 01 §5), one place each. The community page size itself
 * is PAGE_SIZE_COMMUNITY (25) in constants.ts; images share IMAGE_MAX_BYTES with content.
 */

/** The most discussions or comments one page may ask for (the default page is 25). */
export const COMMUNITY_PAGE_MAX = 100;

/** Comment images (02 §5): up to 35,000,000 bytes, jpg, gif, jpeg or png, checked by their bytes. */
export const COMMENT_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const COMMENT_IMAGE_EXTENSIONS = ['jpg', 'gif', 'jpeg', 'png'] as const;
/** Images on one comment at most. */
export const COMMENT_IMAGES_MAX = 10;

/** Likes lists show up to this many names plus a remainder count (02 §9). */
export const LIKE_NAMES_SHOWN = 10;

export const DISCUSSION_TITLE_MAX_CHARS = 200;
/** Participants a private conversation is started with at most (the writer not counted). */
export const CONVERSATION_PARTICIPANTS_MAX = 50;
/** A conversation can be deleted by its writer while it has fewer messages than this (02 §6). */
export const CONVERSATION_DELETABLE_BELOW_MESSAGES = 2;
/** The body as sent (HTML before sanitising). */
export const COMMENT_BODY_MAX_CHARS = 20_000;

/** Report form (01 §5). */
export const REPORT_TARGET_MAX_CHARS = 200;
export const REPORT_TARGET_TYPE_MAX_CHARS = 50;
export const REPORT_HREF_MAX_CHARS = 2000;
export const REPORT_DESCRIPTION_MAX_CHARS = 2000;

/** Bans are asked from identity on every write; an answer is kept at most this long. */
export const BAN_CHECK_CACHE_MAX_SECONDS = 10;
