/** Error codes of the notifications service, merged into ERRORS. */
export const NOTIFICATION_ERRORS = {
  NTF_NOT_FOUND: { status: 404, message: 'Notification not found.' },
  NTF_SETTINGS_NOT_PERMITTED: {
    status: 403,
    message: 'Partners cannot manage notification settings.',
  },
  NTF_USER_NOT_FOUND: { status: 404, message: 'Notification settings could not be loaded.' },
} as const;
