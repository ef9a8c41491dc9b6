// Accounts and their sessions as sign-in and the personnel screens read them, and the projects each auditor reads;
// inline, since sign-in and project visibility depend on them.
import type { AccountEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

export const accountProjection: Projection = {
  name: 'accounts',
  mode: 'inline',
  tables: ['accounts', 'sessions', 'auditor_projects'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AccountEvent['type']>[]) {
      const version = event.streamPosition;
      const at = event.recordedAt;
      const data = event.data;
      switch (event.type) {
        case 'AccountCreated':
        case 'AccountRegistered':
          await db
            .insertInto('accounts')
            .values({
              account_id: data.accountId,
              name: data.name,
              account: data.account,
              phone: data.phone,
              email: data.email,
              role: data.role,
              team_id: data.teamId,
              company: data.company,
              status: 'active',
              password_hash: data.passwordHash,
              country_id: data.countryId ?? null,
              created_at: at,
              version,
            })
            .execute();
          break;
        case 'AccountEdited': {
          const c = data.changes;
          await db
            .updateTable('accounts')
            .set({
              version,
              ...(c.name !== undefined && { name: c.name }),
              ...(c.phone !== undefined && { phone: c.phone }),
              ...(c.email !== undefined && { email: c.email }),
              ...(c.teamId !== undefined && { team_id: c.teamId }),
              ...(c.company !== undefined && { company: c.company }),
              ...(c.role !== undefined && { role: c.role }),
            })
            .where('account_id', '=', data.accountId)
            .execute();
          break;
        }
        case 'AccountDisabled':
        case 'AccountEnabled':
          await db
            .updateTable('accounts')
            .set({ status: event.type === 'AccountDisabled' ? 'disabled' : 'active', version })
            .where('account_id', '=', data.accountId)
            .execute();
          break;
        case 'PasswordChanged':
          await db.updateTable('accounts').set({ password_hash: data.passwordHash, version }).where('account_id', '=', data.accountId).execute();
          break;
        case 'AuditorProjectsAssigned':
          await db.deleteFrom('auditor_projects').where('auditor_id', '=', data.accountId).execute();
          if (data.projectIds.length > 0) {
            await db.insertInto('auditor_projects').values(data.projectIds.map((projectId: string) => ({ auditor_id: data.accountId, project_id: projectId }))).execute();
          }
          await db.updateTable('accounts').set({ version }).where('account_id', '=', data.accountId).execute();
          break;
        case 'ChatAccountBound':
          await db.updateTable('accounts').set({ ding_talk_account: data.dingTalkAccount, version }).where('account_id', '=', data.accountId).execute();
          break;
        case 'SessionStarted':
          await db
            .insertInto('sessions')
            .values({
              session_id: data.sessionId,
              account_id: data.accountId,
              token_hash: data.tokenHash,
              via: data.via,
              started_at: at,
              token_issued_at: at,
            })
            .execute();
          await db.updateTable('accounts').set({ last_login_at: at, version }).where('account_id', '=', data.accountId).execute();
          break;
        case 'SessionTokenRotated':
          await db
            .updateTable('sessions')
            .set((eb) => ({ previous_token_hash: eb.ref('token_hash'), token_hash: data.tokenHash, token_issued_at: at }))
            .where('session_id', '=', data.sessionId)
            .execute();
          await db.updateTable('accounts').set({ version }).where('account_id', '=', data.accountId).execute();
          break;
        case 'SessionEnded':
          await db
            .updateTable('sessions')
            .set({ ended_at: at, end_reason: data.reason })
            .where('session_id', '=', data.sessionId)
            .execute();
          await db.updateTable('accounts').set({ version }).where('account_id', '=', data.accountId).execute();
          break;
      }
    }
  },
};
