/** The notification policy's public surface: import from 'main/notifications'. */
export * from './html-text';
export * from './policy';
export * from './text';
export * from './types';
