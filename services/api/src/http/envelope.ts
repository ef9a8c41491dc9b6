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
