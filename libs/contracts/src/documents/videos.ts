import { z } from 'zod';
import { zIsoDateTime, zUuid } from '../common.js';
import { LANGUAGES } from '../constants.js';
import { VIDEO_POSITION_MAX, VIDEO_TITLE_MAX_CHARS, VIDEO_URL_MAX_CHARS } from './limits.js';

/**
 * Introduction videos of a housing company (02 §2 "listed beside the folders", §3 Video; 03 §2
 * /admin/videos/{hcExtId}, §7 /video): a video on YouTube or Vimeo, or at an https address, with a
 * title in the nine languages, optionally shown beside one folder. Listed to everyone who enters the
 * company's documents; made, changed and deleted by its document managers (ADR 0030). The spec's
 * full_url and document_folder_key are `fullUrl` and `documentFolderKey`, as the API's other names.
 */

export const VIDEO_SOURCES = ['youtube', 'vimeo', 'url'] as const;
export const zVideoSource = z.enum(VIDEO_SOURCES);
export type VideoSource = z.infer<typeof zVideoSource>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[1-9][0-9]{0,11}$/;

/**
 * Why an identifier does not fit its source (null: it does): a YouTube id is 11 letters, digits,
 * `-` or `_`; a Vimeo id is digits; a `url` is an https address without a user name or password.
 */
export function videoIdentifierProblem(source: VideoSource, identifier: string): string | null {
  if (source === 'youtube') {
    return YOUTUBE_ID.test(identifier) ? null : 'A YouTube video id is 11 letters, digits, - or _';
  }
  if (source === 'vimeo') return VIMEO_ID.test(identifier) ? null : 'A Vimeo video id is digits';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (identifier.length > VIDEO_URL_MAX_CHARS || /[\s\u0000-\u001f\u007f]/.test(identifier)) {
    return 'Not a web address';
  }
  let url: URL;
  try {
    url = new URL(identifier);
  } catch {
    return 'Not a web address';
  }
  if (url.protocol !== 'https:') return 'The address must start with https://';
  if (url.username || url.password || !url.hostname.includes('.')) return 'Not a web address';
  return null;
}

/**
 * The video's page on its site (the spec's full_url) and, for YouTube and Vimeo, the player to embed:
 * YouTube's privacy-enhanced youtube-nocookie.com, Vimeo with do-not-track. An address (`url`) is
 * opened as it is, not embedded.
 */
export function videoUrls(
  source: VideoSource,
  identifier: string,
): { fullUrl: string; embedUrl: string | null } {
  const id = encodeURIComponent(identifier);
  if (source === 'youtube') {
    return {
      fullUrl: `https://www.youtube.com/watch?v=${id}`,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
    };
  }
  if (source === 'vimeo') {
    return { fullUrl: `https://vimeo.com/${id}`, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
  }
  return { fullUrl: identifier, embedUrl: null };
}

/**
 * The identifier in what someone pasted: a YouTube or Vimeo address gives its video id; anything
 * else is kept as typed (trimmed), for the contract to judge.
 */
export function videoIdentifierFrom(source: VideoSource, text: string): string {
  const trimmed = text.trim();
  if (source === 'youtube') {
    const match =
      /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/)|youtu\.be\/)([A-Za-z0-9_-]{11})/.exec(
        trimmed,
      );
    return match?.[1] ?? trimmed;
  }
  if (source === 'vimeo') return /vimeo\.com\/(?:video\/)?([0-9]+)/.exec(trimmed)?.[1] ?? trimmed;
  return trimmed;
}

const zTitle = z.string().trim().min(1).max(VIDEO_TITLE_MAX_CHARS);
/** A video's title in other languages than its own (like a folder's name). */
export const zVideoTranslations = z.partialRecord(z.enum(LANGUAGES), zTitle);

export const zVideo = z.object({
  id: zUuid,
  housingCompanyId: zUuid,
  /** Made from the first title, unique in the housing company, kept when the title changes. */
  codename: z.string(),
  /** In the language asked for, else the video's own title. */
  title: z.string(),
  /** Its own title and its translations (what the editor shows). */
  titles: z.object({ title: z.string(), translations: zVideoTranslations }),
  source: zVideoSource,
  /** The video's id on YouTube or Vimeo, or the https address (`url`). */
  identifier: z.string(),
  /** The video's page (02 §3 full_url). */
  fullUrl: z.string(),
  /** The player to embed (YouTube's youtube-nocookie.com, Vimeo's player); null for an address. */
  embedUrl: z.string().nullable(),
  /** The folder it is shown beside (02 §3 document_folder_key): a standard folder's key or a folder's id. */
  documentFolderKey: z.string().nullable(),
  position: z.number().int(),
  createdAt: zIsoDateTime,
  updatedAt: zIsoDateTime,
});
export type Video = z.infer<typeof zVideo>;

export const zVideoList = z.object({
  housingCompanyId: zUuid,
  /** The caller runs the company's documents: adds, changes and deletes its videos. */
  manages: z.boolean(),
  /** By position, then by when they were added. */
  videos: z.array(zVideo),
});
export type VideoList = z.infer<typeof zVideoList>;

export const zVideoListQuery = z.strictObject({ lang: z.enum(LANGUAGES).optional() });
export const zVideoIdParam = z.strictObject({ id: zUuid });

/** A video to add (03 §7 POST /video) or its new details (PUT /video/{id}): the identifier must fit the source. */
export const zVideoBody = z
  .strictObject({
    title: zTitle,
    translations: zVideoTranslations.optional(),
    source: zVideoSource,
    identifier: z.string().trim().min(1).max(VIDEO_URL_MAX_CHARS),
    /** Null or left out: shown with the company's videos, beside no folder in particular. */
    documentFolderKey: z.string().trim().min(1).max(100).nullable().optional(),
    /** Where it is listed (lower first); left out: last when added, unchanged when changed. */
    position: z.number().int().min(0).max(VIDEO_POSITION_MAX).optional(),
  })
  .superRefine((body, ctx) => {
    const problem = videoIdentifierProblem(body.source, body.identifier);
    if (problem) ctx.addIssue({ code: 'custom', path: ['identifier'], message: problem });
  });
export type VideoBody = z.infer<typeof zVideoBody>;
