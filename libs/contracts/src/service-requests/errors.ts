/**
 * Error codes of the service-requests service, merged into ERRORS. Messages are the spec's texts
 * where it has them (02 §5, §8); the attachment codes are the attachment error codes of 01 §8.
 */
export const SERVICE_REQUEST_ERRORS = {
  SRQ_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  /** 02 §8; also what a caller gets for a request they may not see. */
  SRQ_NOT_FOUND: { status: 404, message: 'Service request not found or already closed' },
  /** The CSV export is for the housing company's handlers and the developer's staff (02 §6). */
  SRQ_EXPORT_NOT_PERMITTED: { status: 403, message: 'Not authorised to see this content.' },
  /** 02 §8: answering, editing or reminding about a closed (or declined) request. */
  SRQ_ALREADY_CLOSED: { status: 409, message: 'Service request not found or already closed' },
  /** 02 §5. */
  SRQ_TARGET_USER_REQUIRED: {
    status: 400,
    message: 'Target user must be defined when sending service request to resident',
  },
  /** A target who is not a member of the housing company (or is the sender). */
  SRQ_TARGET_USER_INVALID: {
    status: 400,
    message: 'Target user must be defined when sending service request to resident',
  },
  /** 02 §5, 03 §5: contacting partners needs a partner chosen (one of the housing company's). */
  SRQ_PARTNER_REQUIRED: { status: 400, message: 'A partner must be chosen when contacting partners' },
  /** 02 §8: the type is not offered in the housing company. */
  SRQ_TYPE_NOT_SELECTABLE: { status: 400, message: 'No request types selectable' },
  SRQ_APARTMENT_INVALID: { status: 400, message: 'Housing company could not be retrieved' },
  /** 02 §5: content is required once sanitised. */
  SRQ_CONTENT_REQUIRED: {
    status: 400,
    message: 'Error on validating the form. Please check you have entered value on each required field.',
  },
  /** 02 §8: closing a request that is closed already, or by someone who may not close it. */
  SRQ_CLOSE_FAILED: { status: 409, message: 'Service request could not be closed' },
  /** 02 §8: a status change the rules do not allow. */
  SRQ_STATUS_UPDATE_FAILED: { status: 409, message: 'Status update failed' },
  /** 02 §8: a request targeted to a resident cannot be made public. */
  SRQ_PUBLICITY_UPDATE_FAILED: { status: 409, message: 'Publicity update failed' },
  SRQ_NOT_EDITABLE: { status: 403, message: 'Only the sender can edit the request while it is open.' },
  SRQ_NOT_PERMITTED: { status: 403, message: 'Not authorised to see this content.' },
  SRQ_NOT_DELETABLE: {
    status: 403,
    message: 'Only the sender, while it is open, or a manager can delete the request.',
  },
  /** A response that is not on the request, or a request the caller may not see (as SRQ_NOT_FOUND). */
  SRQ_RESPONSE_NOT_FOUND: { status: 404, message: 'The reply was not found.' },
  /** Editing a response: its writer only, while the request is not closed (closed: SRQ_ALREADY_CLOSED). */
  SRQ_RESPONSE_NOT_EDITABLE: {
    status: 403,
    message: 'Only the writer can edit the reply while the request is not closed.',
  },
  /** Deleting a response: its writer while the request is not closed, or a manager. */
  SRQ_RESPONSE_NOT_DELETABLE: {
    status: 403,
    message: 'Only the writer, while the request is not closed, or a manager can delete the reply.',
  },
  /** Editing or deleting a response that was deleted (it keeps its place, without content). */
  SRQ_RESPONSE_DELETED: { status: 409, message: 'The reply has been deleted.' },
  /** Removing an attachment that is not on that request or response. */
  SRQ_ATTACHMENT_MISSING: { status: 404, message: 'File not found' },
  /** Removing an attachment: its uploader while the request is not closed, or a manager. */
  SRQ_ATTACHMENT_NOT_REMOVABLE: {
    status: 403,
    message: 'Only the one who added the file, while the request is not closed, or a manager can remove it.',
  },
  /** 02 §8. */
  SRQ_FORWARD_TARGET_REQUIRED: { status: 400, message: 'A target user must be selected' },
  /** 02 §8: forward to someone who cannot get it (not a member or partner user, or already a recipient). */
  SRQ_FORWARD_FAILED: { status: 400, message: 'Service request forward failed or invalid' },
  SRQ_RECIPIENT_INVALID: {
    status: 400,
    message: 'The recipient must be a member of the housing company or a user of its partner company.',
  },
  SRQ_REMINDER_TOO_SOON: { status: 429, message: 'A reminder was sent less than an hour ago.' },
  /**
   * A manage link (ADR 0018) that is tampered with, expired, of another request or user, or of a
   * user who is no longer its recipient: one answer for all, telling nothing of the request.
   */
  SRQ_MANAGE_LINK_INVALID: { status: 404, message: 'The link is not valid or has expired.' },
  SRQ_ATTACHMENT_NOT_FOUND: { status: 400, message: 'File not found' },
  // Attachments (01 §8 attachment error codes)
  SRQ_FILE_SIZE: { status: 400, message: 'file_size' },
  SRQ_MIME_TYPE: { status: 400, message: 'mime_type' },
  SRQ_FILE_EXTENSION: { status: 400, message: 'file_extension' },
  SRQ_ILLEGAL_CHARACTERS: { status: 400, message: 'illegal_characters' },
} as const satisfies Record<string, { status: number; message: string }>;
