/**
 * Error codes of the community service, merged into ERRORS. Messages are the spec's texts where it
 * has them (02 §5, §8; 01 §8); the image codes are the attachment error codes of 01 §8, which the
 * apps show as the general image validation message.
 */
export const COMMUNITY_ERRORS = {
  COM_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  COM_DISCUSSION_NOT_FOUND: { status: 404, message: 'Content could not be loaded. Please refresh.' },
  /** A reference (a news article) the caller may not read in the housing company, or none. */
  COM_REFERENCE_NOT_FOUND: { status: 404, message: 'Content could not be loaded. Please refresh.' },
  COM_COMMENT_NOT_FOUND: { status: 404, message: 'Content could not be loaded. Please refresh.' },
  COM_REPORT_NOT_FOUND: { status: 404, message: 'Content could not be loaded. Please refresh.' },
  COM_CONVERSATION_NOT_FOUND: { status: 404, message: 'Content could not be loaded. Please refresh.' },
  COM_MESSAGE_NOT_FOUND: { status: 404, message: 'Content could not be loaded. Please refresh.' },
  /** 02 §5: a comment body is required. */
  COM_BODY_REQUIRED: {
    status: 400,
    message: 'Error on validating the form. Please check you have entered value on each required field.',
  },
  /** 02 §5, 03 §4: bans block commenting per project or globally. */
  COM_USER_BANNED: { status: 403, message: 'You have been banned from commenting.' },
  COM_NOT_EDITABLE: { status: 403, message: 'Only the writer can edit this.' },
  COM_NOT_DELETABLE: { status: 403, message: 'Only the writer or a moderator can delete this.' },
  COM_COMMENT_DELETED: { status: 409, message: 'This comment has been deleted.' },
  COM_PARENT_INVALID: {
    status: 400,
    message: 'A reply goes to a top-level comment of the same discussion or article.',
  },
  // Private conversations and area discussions (02 §6)
  /** A recipient who is not a member of the housing company with a public profile (or none allowed). */
  COM_PARTICIPANT_INVALID: {
    status: 400,
    message: 'Private messages go to neighbours of the same housing company who have a public profile.',
  },
  COM_MESSAGE_DELETED: { status: 409, message: 'This message has been deleted.' },
  /** 02 §6: a writer deletes their own conversation only while it has fewer than 2 messages. */
  COM_CONVERSATION_HAS_REPLIES: {
    status: 409,
    message: 'A conversation with replies cannot be deleted.',
  },
  COM_AREA_MODERATORS_ONLY: {
    status: 403,
    message: 'Area discussions are started by the moderators of the housing company.',
  },
  // Images (01 §8 attachment error codes)
  COM_FILE_SIZE: { status: 400, message: 'file_size' },
  COM_MIME_TYPE: { status: 400, message: 'mime_type' },
  COM_FILE_EXTENSION: { status: 400, message: 'file_extension' },
  COM_ILLEGAL_CHARACTERS: { status: 400, message: 'illegal_characters' },
  COM_IMAGE_NOT_FOUND: { status: 400, message: 'File not found' },
  // Reports (01 §7: targetHref is the address plus _hc= the housing company's hcExt)
  COM_REPORT_HREF: { status: 400, message: 'Value in field is not in correct format' },
} as const satisfies Record<string, { status: number; message: string }>;
