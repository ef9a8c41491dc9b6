// The seed's response envelope, and a wrapper that lets a read answer with its stream version as ETag.
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  errCode: string | null;
}

export class Versioned<T> {
  constructor(
    readonly data: T,
    readonly version: bigint | string,
  ) {}
}

export const etagOf = (version: bigint | string): string => `"${version.toString()}"`;

/** A command taken on to be done in the background (202): the answer names what to follow. */
export class Accepted<T> {
  constructor(readonly data: T) {}
}

/** A success (200) that still carries an errCode the client acts on, such as LOGIN_REPEAT. */
export class Notice<T = null> {
  constructor(
    readonly errCode: string,
    readonly messageKey: string,
    readonly data: T,
  ) {}
}
