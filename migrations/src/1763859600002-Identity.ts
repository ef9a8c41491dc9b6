// Identity: accounts, teams and sessions (projections), and the operational tables of sign-in.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounts (
      account_id        uuid PRIMARY KEY,
      name              text NOT NULL,
      account           text NOT NULL,
      phone             text,
      email             text,
      role              text NOT NULL,
      team_id           uuid,
      company           text,
      status            text NOT NULL,
      password_hash     text NOT NULL,
      ding_talk_account text,
      country_id        integer,
      created_at        timestamptz NOT NULL,
      last_login_at     timestamptz,
      version           bigint NOT NULL
    );
    CREATE INDEX accounts_account_idx ON accounts (lower(account));
    CREATE INDEX accounts_phone_idx ON accounts (phone);
    CREATE INDEX accounts_email_idx ON accounts (lower(email));
    CREATE INDEX accounts_list_idx ON accounts (created_at DESC, account_id DESC);

    CREATE TABLE teams (
      team_id         uuid PRIMARY KEY,
      name            text NOT NULL,
      organisation_id text NOT NULL,
      hive_id         text NOT NULL,
      size            integer NOT NULL,
      mobile          text NOT NULL,
      created_at      timestamptz NOT NULL,
      version         bigint NOT NULL
    );

    CREATE TABLE sessions (
      session_id    uuid PRIMARY KEY,
      account_id    uuid NOT NULL,
      token_hash    text NOT NULL UNIQUE,
      previous_token_hash text,
      via           text NOT NULL,
      started_at    timestamptz NOT NULL,
      token_issued_at timestamptz NOT NULL,
      ended_at      timestamptz,
      end_reason    text
    );
    CREATE INDEX sessions_open_idx ON sessions (account_id) WHERE ended_at IS NULL;
    CREATE INDEX sessions_previous_idx ON sessions (previous_token_hash) WHERE previous_token_hash IS NOT NULL;

    -- Operational state, not projections: how recently a session was used, codes in flight,
    -- failed sign-ins, login tickets and the development mailbox.
    CREATE TABLE session_activity (
      session_id   uuid PRIMARY KEY,
      last_seen_at timestamptz NOT NULL
    );

    CREATE TABLE verification_codes (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      target      text NOT NULL,
      purpose     text NOT NULL,
      code_hash   text NOT NULL,
      sent_at     timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      attempts    integer NOT NULL DEFAULT 0,
      consumed_at timestamptz
    );
    CREATE INDEX verification_codes_target_idx ON verification_codes (target, purpose, sent_at DESC);

    CREATE TABLE login_failures (
      id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account    text NOT NULL,
      client_ip  text,
      failed_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_account_idx ON login_failures (account, failed_at DESC);
    CREATE INDEX login_failures_ip_idx ON login_failures (client_ip, failed_at DESC);

    CREATE TABLE login_tickets (
      ticket_hash text PRIMARY KEY,
      account_id  uuid NOT NULL,
      issued_by   text NOT NULL,
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz
    );

    CREATE TABLE mailbox (
      id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      channel   text NOT NULL,
      recipient text NOT NULL,
      subject   text NOT NULL,
      body      text NOT NULL,
      sent_at   timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mailbox, login_tickets, login_failures, verification_codes, session_activity, sessions, teams, accounts`.execute(db);
}
