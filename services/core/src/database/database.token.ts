// Injection token of the shared Kysely handle.
export const DATABASE = Symbol('DATABASE');
