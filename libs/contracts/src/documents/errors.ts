/**
 * Error codes of the documents service, merged into ERRORS. Messages are the spec's texts where it
 * has them (02 §5, §8; 03 §5, §8); the upload codes are the upload error codes of 01 §8.
 */
export const DOCUMENT_ERRORS = {
  /** 02 §8 "file not found": a file that is not there, or that the caller may not read. */
  DOC_NOT_FOUND: { status: 404, message: 'File not found' },
  /** A folder that is not there, of another housing company, or hidden from the caller. */
  DOC_FOLDER_NOT_FOUND: { status: 404, message: 'Folder could not be loaded' },
  DOC_HOUSING_COMPANY_NOT_FOUND: { status: 404, message: 'You need to clarify project id to get documents.' },
  /** 02 §8 "no upload permission". */
  DOC_UPLOAD_NOT_PERMITTED: { status: 403, message: 'You do not have permission to upload to this folder.' },
  DOC_UPDATE_NOT_PERMITTED: { status: 403, message: 'Moving the file failed' },
  DOC_DELETE_NOT_PERMITTED: { status: 403, message: 'Deleting the file failed' },
  /** Folders and their rules: the housing company's document managers only (03 §6). */
  DOC_FOLDER_NOT_PERMITTED: { status: 403, message: 'Not authorised to see this content.' },
  /** 02 §5: an upload with no file. */
  DOC_MANDATORY_PARAMS: { status: 400, message: 'Mandatory params not set to addDocument request' },
  /** 03 §5 "Uploading to a home folder needs a category". */
  DOC_HOME_FOLDER_CATEGORY_REQUIRED: {
    status: 400,
    message: 'Choose a category for a file in the home folder.',
  },
  /** 01 §8 upload codes. */
  DOC_ILLEGAL_CHARACTERS: { status: 400, message: 'File name contains illegal characters' },
  DOC_FILE_EXTENSION: { status: 400, message: 'File type is not allowed' },
  DOC_FILE_SIZE: { status: 413, message: 'File is too large' },
  DOC_MIME_TYPE: { status: 400, message: 'File content does not match its type' },
  DOC_TOO_MANY_FILES: { status: 400, message: 'Too many files in one upload' },
  /** Deleting a folder that still holds files or folders. */
  DOC_FOLDER_NOT_EMPTY: { status: 409, message: 'Folder delete error: the folder is not empty.' },
  /** A standard folder (03 §3) cannot be deleted; it can be hidden. */
  DOC_FOLDER_STANDARD: { status: 409, message: 'Folder delete error: a standard folder cannot be deleted.' },
  /** Moving a folder into itself, below itself, or into another tree. */
  DOC_FOLDER_MOVE_INVALID: { status: 409, message: 'Folder update error: the folder cannot be moved there.' },
  DOC_FOLDER_TOO_DEEP: { status: 409, message: 'Folder create error: folders may be nested 8 deep at most.' },
  /** A download link that has expired or was never given. */
  DOC_DOWNLOAD_EXPIRED: { status: 404, message: 'Download failed: the link has expired.' },
  /** A byte range beyond the file. */
  DOC_RANGE_NOT_SATISFIABLE: { status: 416, message: 'Download failed' },
  /** A file without thumbnails: not a picture, not one sharp could read, or not made yet. */
  DOC_THUMBNAIL_NOT_FOUND: { status: 404, message: 'Thumbnail not found' },
  /**
   * 02 §5, 03 §5: introduction videos need the housing company's building-taxonomy term (a company
   * identity knows no term for has no videos to list or add).
   */
  DOC_VIDEO_TAXONOMY_MISSING: {
    status: 409,
    message: 'Kentico taxonomy term for this project could not be determined.',
  },
  /** 02 §8 "video already exists": the same video twice in one housing company. */
  DOC_VIDEO_EXISTS: { status: 409, message: 'Video already exists' },
  /** Copying attachments (03 §3): an article that is not there or outside the caller's editorial scope. */
  DOC_ARTICLE_NOT_FOUND: { status: 404, message: 'Attachments not copied: the article was not found.' },
  /** Copying attachments from an article that has none. */
  DOC_COPY_NO_ATTACHMENTS: {
    status: 409,
    message: 'Attachments not copied: the article has no attachments.',
  },
  /** 03 §8 "attachments not copied": content did not give a file whole (it changed while being copied). */
  DOC_COPY_FAILED: { status: 409, message: 'Attachments not copied' },
  /** A video that is not there, or of a housing company the caller does not reach. */
  DOC_VIDEO_NOT_FOUND: { status: 404, message: 'Video not found' },
} as const;
