export {
  assertStorageKey,
  type ByteRange,
  createStorage,
  deleteStoredFiles,
  InvalidStorageKeyError,
  LocalStorage,
  MAX_STORAGE_KEY_LENGTH,
  putThenRecord,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.js';
