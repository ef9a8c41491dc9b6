// Passwords are hashed with argon2id and never stored or logged in the clear.
import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { type AppConfig, CONFIG } from '@annot/core';

/** argon2's own defaults (64 MiB, three passes); the fast cost is its least, which only tests may choose (see loadConfig). */
const costs = {
  standard: {},
  fast: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

@Injectable()
export class PasswordHasher {
  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...costs[this.config.passwordHashing] });
  }

  /** A hash carries its own cost, so one made at either cost verifies whatever this process's cost is. */
  async verify(hash: string, password: string): Promise<boolean> {
    return argon2.verify(hash, password).catch(() => false);
  }
}
