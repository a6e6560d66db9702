// `@lintel/shared/listing`: the marketplace listing (spec 3), apart from the package index so the
// sign-in entry never carries it.
export * from '../api/listings';
export * from './availability';
export * from './contact';
export * from './diff';
export * from './messages';
export * from './model';
export * from './progress';
export * from './schemas';
export * from './submission';
export * from './versions';
