/**
 * Error codes of the letters service (e-mail letters), merged into ERRORS. Messages are the spec's
 * texts where it has them (03 §7 thrown texts, §8 "Email letter: …"); ADR 0032 names the others.
 */
export const LETTER_ERRORS = {
  /** 03 §7: "ProjectId is required to get email letters" — a company the caller does not reach. */
  LETTER_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'ProjectId is required to get email letters' },
  /** 03 §7: "id must be defined in order updating email letter" — none, or another company's. */
  LETTER_NOT_FOUND: { status: 404, message: 'id must be defined in order updating email letter' },
  /** A sent (or sending) letter is read-only; it can be copied. */
  LETTER_ALREADY_SENT: { status: 409, message: 'The letter has been sent and can no longer be changed.' },
  /** 03 §8 "deleting failed": only drafts are deleted. */
  LETTER_DELETE_FAILED: { status: 409, message: 'Deleting the letter failed: a sent letter is kept.' },
  /** 03 §5 "duplicate recipient rejected". */
  LETTER_RECIPIENT_DUPLICATE: { status: 409, message: 'The recipient is already on the list.' },
  LETTER_RECIPIENT_NOT_FOUND: { status: 404, message: 'Recipient not found' },
  /** Recipients of one letter at most (LETTER_RECIPIENTS_MAX). */
  LETTER_TOO_MANY_RECIPIENTS: { status: 409, message: 'The letter has too many recipients.' },
  /** 03 §5: comma-separated UTF-8 with name and email columns. */
  LETTER_CSV_INVALID: {
    status: 400,
    message: 'The file must be comma-separated UTF-8 text with a name and an e-mail column.',
  },
  LETTER_CSV_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  /** 03 §8 "cannot send without a recipient". */
  LETTER_NO_RECIPIENTS: { status: 409, message: 'Cannot send without a recipient' },
  /** 03 §5 "test emails comma separated and valid". */
  LETTER_TEST_ADDRESSES_INVALID: {
    status: 400,
    message: 'Test emails must be valid addresses separated by commas.',
  },
  /** A message posted to the bounce endpoint that is no delivery report about a mail of ours. */
  LETTER_BOUNCE_UNREADABLE: {
    status: 400,
    message: 'The message is not a delivery status report about a sent letter.',
  },
  /** 03 §8 "test email failed": the mail server did not take it. */
  LETTER_TEST_MAIL_FAILED: { status: 502, message: 'Sending the test email failed.' },
} as const;
