export * from './auth';
export * from './developer-apps';
export * from './errors';
export * from './limits';
export * from './notifications';
export * from './outbound-emails';
export * from './paging';
