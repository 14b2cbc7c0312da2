export * from './codes.js';
export * from './messages.js';
export * from './constants.js';
export * from './envelope.js';
export * from './rules.js';
export * from './site.js';
export * from './member.js';
export * from './books.js';
