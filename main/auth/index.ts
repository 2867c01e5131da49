/** The sign-in helpers' public surface: import from 'main/auth' rather than reaching into files. */
export * from './apiKey';
export * from './errors';
export * from './otp';
export * from './sso';
export * from './zuliprc';
