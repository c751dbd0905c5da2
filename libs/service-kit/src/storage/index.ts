export { S3Storage, type S3StorageOptions } from './s3-storage.js';
export {
  assertStorageKey,
  type ByteRange,
  createStorage,
  deleteStoredFiles,
  InvalidStorageKeyError,
  LocalStorage,
  MAX_STORAGE_KEY_LENGTH,
  putThenRecord,
  type S3Settings,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.js';
