export * from './auth';
export * from './errors';
export * from './limits';
export * from './outbound-emails';
export * from './paging';
export * from './notifications';
