/**
 * Error codes of the content service, merged into ERRORS. Each area adds its codes in its own
 * block; messages are the spec's texts where it has them.
 */
export const CONTENT_ERRORS = {
  // Shared
  CNT_NOT_FOUND: { status: 404, message: 'Article not found or not yet available' },
  CNT_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'Housing company could not be retrieved' },
  CNT_ARCHIVE_DATE_IN_PAST: { status: 400, message: 'Archive date cannot be in the past.' },
  CNT_STICKY_EXPIRY_REQUIRED: {
    status: 400,
    message: 'A sticky item needs a sticky expiration date that is not before today.',
  },
  CNT_UNPUBLISH_BEFORE_PUBLISH: {
    status: 400,
    message: 'The unpublish time must be after the publish time.',
  },
  CNT_CODENAME_IN_USE: { status: 409, message: 'An item with this codename already exists.' },
  CNT_TARGET_OUT_OF_SCOPE: {
    status: 403,
    message: 'You can publish only to housing companies you manage.',
  },
  CNT_NOT_EDITABLE: {
    status: 403,
    message: 'Not authorised to see this content.',
  },
  // Assets and images
  CNT_ASSET_NOT_FOUND: { status: 400, message: 'File not found' },
  CNT_FILE_SIZE: { status: 400, message: 'file_size' },
  CNT_MIME_TYPE: { status: 400, message: 'mime_type' },
  CNT_FILE_EXTENSION: { status: 400, message: 'file_extension' },
  CNT_ILLEGAL_CHARACTERS: { status: 400, message: 'illegal_characters' },
  CNT_IMAGE_RULES: {
    status: 400,
    message: 'Image must be landscape 16:9, at least 1000 px wide, in jpg, png or gif.',
  },
  CNT_LOGO_RULES: { status: 400, message: 'Logo must be a square png at least 500 px wide.' },
  // Copying
  CNT_COPY_TOO_MANY_TARGETS: {
    status: 400,
    message: 'Content can be copied to at most 5 housing companies at once.',
  },
  // Articles and calendar
  CNT_CALENDAR_END_BEFORE_START: { status: 400, message: 'The end time must be after the start time.' },
  CNT_READY_DATES_ORDER: {
    status: 400,
    message: 'The ready-after date must be before the ready-before date.',
  },
  CNT_PUBLISH_TIME_IN_PAST: { status: 400, message: 'A scheduled publish time must be in the future.' },
  CNT_NOT_SCHEDULED: { status: 409, message: 'This item is not scheduled for publishing.' },
  // Campaigns and advertisements
  CNT_ADVERTISEMENT_TOO_LONG: {
    status: 400,
    message: 'An advertisement can be visible for at most 6 months.',
  },
  CNT_BROAD_AUDIENCE_CONFIRM: {
    status: 409,
    message: 'This publishes to many housing companies. Confirm the broad audience to continue.',
  },
  CNT_CAMPAIGN_DATES: { status: 400, message: 'The end date must not be before the start date.' },
  CNT_APARTMENT_SIZE_RANGE: {
    status: 400,
    message: 'The minimum apartment size must not be above the maximum.',
  },
  CNT_PARTNER_REQUIRED: { status: 400, message: 'Choose a partner.' },
  CNT_SHOP_PARTNER_EXTERNAL_ID_IN_USE: { status: 409, message: 'Provided external id already in use' },
  // Steps, contacts, FAQ, pages, feedback
  CNT_STEP_RELATED_NOT_FOUND: { status: 400, message: 'Related content could not be found.' },
  CNT_STEP_PARENT_INVALID: {
    status: 400,
    message: 'The parent step must be another existing step.',
  },
  // Feeds
  CNT_FEED_URL: { status: 400, message: 'Value in field is not in correct format' },
  // Pages
  CNT_PAGE_PATH_IN_USE: { status: 409, message: 'A page with this path already exists.' },
} as const satisfies Record<string, { status: number; message: string }>;
