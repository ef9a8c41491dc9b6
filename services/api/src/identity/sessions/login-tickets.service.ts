// Single-use, short-lived login tickets that dots_login exchanges for a token.
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hashToken } from '../access/tokens';
import { LoginTicketsRepository } from './login-tickets.repository';

const lifetimeMinutes = 5;

@Injectable()
export class LoginTickets {
  constructor(private readonly tickets: LoginTicketsRepository) {}

  async issue(accountId: string, issuedBy: string): Promise<{ uuid: string; expiresAt: string }> {
    const uuid = randomBytes(24).toString('base64url');
    const expiresAt = await this.tickets.insert(hashToken(uuid), accountId, issuedBy, lifetimeMinutes);
    return { uuid, expiresAt };
  }

  /** Used once: two exchanges of the same ticket cannot both win. */
  consume(uuid: string): Promise<string | null> {
    return this.tickets.consume(hashToken(uuid));
  }
}
