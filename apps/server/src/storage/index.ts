export { checkKey, type Storage, type StoredObject } from './contract';
export { LocalStorage } from './local';
