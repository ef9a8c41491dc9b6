// Applies who-may-see and who-may-manage-whom to the personnel calls: the server refuses what the console would only hide.
import { Inject, Injectable } from '@nestjs/common';
import { type Actor, AppError, type AppConfig, CONFIG, NotFoundError } from '@annot/core';
import { manageableRoles, type Page, type PersonView, scopedToOwnTeam, visibleRoles } from '@annot/workflows';
import type { z } from 'zod';
import type { listPeopleQuery } from '@annot/workflows';
import { forbidden } from './access/session.guard';
import { AccountsRepository } from './accounts.repository';

@Injectable()
export class PeoplePolicyService {
  constructor(
    private readonly accounts: AccountsRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The roles whose accounts this caller may see; refusing here first means a refused caller learns nothing about ids. */
  private visibleRoles(actor: Actor): string[] {
    const roles = visibleRoles(actor.role);
    if (roles.length === 0) throw forbidden();
    return roles;
  }

  /** The roles whose accounts this caller may change. */
  private manageableRoles(actor: Actor): string[] {
    const roles = manageableRoles(actor.role, this.config.privateDeployment);
    if (roles.length === 0) throw forbidden();
    return roles;
  }

  private async ownTeam(actor: Actor): Promise<string | null> {
    return (await this.accounts.person(actor.id))?.teamId ?? null;
  }

  async list(actor: Actor, query: z.infer<typeof listPeopleQuery>): Promise<Page<PersonView>> {
    const roles = this.visibleRoles(actor);
    if (query.role && !roles.includes(query.role)) throw forbidden();
    const teamId = scopedToOwnTeam(actor.role) ? ((await this.ownTeam(actor)) ?? '00000000-0000-0000-0000-000000000000') : query.teamId;
    return this.accounts.listPeople({ ...query, roles, teamId });
  }

  async visiblePerson(actor: Actor, id: string, roles = this.visibleRoles(actor)): Promise<PersonView> {
    const person = await this.accounts.person(id);
    if (!person) throw new NotFoundError('things.account', id);
    if (!roles.includes(person.role)) throw forbidden();
    if (scopedToOwnTeam(actor.role) && person.teamId !== (await this.ownTeam(actor))) throw new NotFoundError('things.account', id);
    return person;
  }

  /** Returns the team the new account joins: a supplier's taggers always join the supplier's own team. */
  async assertMayCreate(actor: Actor, role: string, teamId: string | null, account: string): Promise<string | null> {
    if (!this.manageableRoles(actor).includes(role)) throw forbidden();
    if (await this.accounts.exists(account, role)) {
      throw new AppError(400, 'ACCOUNT_TAKEN', 'identity.account_taken', {}, [{ field: 'account', messageKey: 'identity.account_taken' }]);
    }
    if (scopedToOwnTeam(actor.role)) return this.ownTeam(actor);
    await this.assertTeamExists(teamId);
    return teamId;
  }

  async assertMayManage(actor: Actor, id: string, newTeamId: string | null | undefined): Promise<void> {
    await this.visiblePerson(actor, id, this.manageableRoles(actor));
    if (actor.id === id) throw forbidden();
    if (newTeamId !== undefined && scopedToOwnTeam(actor.role)) throw forbidden();
    await this.assertTeamExists(newTeamId ?? null);
  }

  private async assertTeamExists(teamId: string | null): Promise<void> {
    if (teamId && !(await this.accounts.teamExists(teamId))) {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'teamId', messageKey: 'people.team_invalid' }]);
    }
  }
}
