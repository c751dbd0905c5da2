export {
  assertStorageKey,
  createStorage,
  InvalidStorageKeyError,
  LocalStorage,
  MAX_STORAGE_KEY_LENGTH,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.js';
