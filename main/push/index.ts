/** Push notifications' public surface: import from 'main/push' rather than reaching into files. */
export * from './devices';
export * from './errors';
export * from './keys';
export * from './notification';
export * from './payload';
export * from './platform';
export * from './registrar';
export * from './registration';
export { openSealedBox, sealBox, SEAL_OVERHEAD_BYTES } from './sealedBox';
export { fromBase64, toBase64 } from './base64';
