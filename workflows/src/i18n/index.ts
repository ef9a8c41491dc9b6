// Public surface of the languages the platform speaks.
export * from './languages';
export * from './language-match';
export * from './message-ref';
export * from './counted-params';
