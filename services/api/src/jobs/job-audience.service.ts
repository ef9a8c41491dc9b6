// Who receives a job's events: whoever the read route of its subject admits, asked again as each event is delivered,
// so a change of access holds from the next event on. A subject it does not know reaches nobody.
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { type Actor, type AppConfig, CONFIG } from '@annot/core';
import { type Action, can, inScope, type JobSubject } from '@annot/workflows';
import { AlgorithmsRepository } from '../algorithms/algorithms.repository';
import { BatchAccess } from '../batches/batch-access.service';
import { AnnouncementsRepository } from '../comms/announcements.repository';
import { AnnotationImportsRepository } from '../exports/annotations/annotation-imports.repository';
import { ExportAccess } from '../exports/export-access.service';
import { defaultLanguage } from '../i18n/language';
import { ProjectAccess } from '../projects/project-access.service';
import type { RelayedJobEvent } from './job-events.service';

/** How long one stream keeps an answer: a burst of progress costs one read, a lost right ends within this. */
const rememberMs = 1_000;

type Reader = (actor: Actor, id: string) => Promise<boolean>;

/** A check that answers 404 (or fails in any way) denies. */
const passes = (check: Promise<unknown>): Promise<boolean> => check.then(() => true, () => false);

@Injectable()
export class JobAudience {
  /** Each subject's read route: the permission at its door, then the check it makes of the record behind it. */
  private readonly readers: Record<string, Reader> = {
    audit: this.door('audit.read', async () => true),
    batch: this.door('batch.read', (actor, id) => passes(this.batches.batch(actor, id))),
    export: this.door('export.manage', (actor, id) => passes(this.exports.record(actor, id, defaultLanguage))),
    annotation_import: this.door('export.manage', async (actor, id) => {
      const projectId = await this.annotationImports.projectOfImport(id);
      return projectId !== undefined && this.projects.mayView(actor, projectId);
    }),
    algorithm_call: this.door('algorithm.read', async (actor, id) => {
      const projectId = await this.algorithms.callProject(id);
      return projectId !== undefined && this.projects.mayView(actor, projectId);
    }),
    project: this.door('project.read', (actor, id) => this.projects.mayView(actor, id)),
    // The admin's management route reads every announcement; everyone else a published one whose scope names them.
    announcement: async (actor, id) => {
      if (this.may(actor, 'announcement.manage')) return true;
      if (!this.may(actor, 'announcement.read')) return false;
      const published = await this.announcements.published(id);
      return !!published && inScope(published.scope, await this.announcements.reader(actor));
    },
  };

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectAccess,
    private readonly batches: BatchAccess,
    private readonly exports: ExportAccess,
    private readonly annotationImports: AnnotationImportsRepository,
    private readonly algorithms: AlgorithmsRepository,
    private readonly announcements: AnnouncementsRepository,
  ) {}

  /** A job about one person's own work (a claim's expiry) is theirs alone; any other goes to its subject's readers. */
  async admits(actor: Actor, subject: JobSubject | null, owner: string | null): Promise<boolean> {
    if (owner !== null) return owner === actor.id;
    if (!subject || !z.guid().safeParse(subject.id).success || !Object.hasOwn(this.readers, subject.type)) return false;
    return this.readers[subject.type](actor, subject.id).catch(() => false);
  }

  /** One stream's check, remembering each subject's answer for a moment. */
  subscriber(actor: Actor): (relayed: RelayedJobEvent) => Promise<boolean> {
    const remembered = new Map<string, { until: number; admitted: Promise<boolean> }>();
    return ({ event, owner }) => {
      const now = Date.now();
      const key = JSON.stringify([event.subject?.type, event.subject?.id, owner]);
      const known = remembered.get(key);
      if (known && known.until > now) return known.admitted;
      for (const [old, answer] of remembered) if (answer.until <= now) remembered.delete(old);
      const admitted = this.admits(actor, event.subject, owner);
      remembered.set(key, { until: now + rememberMs, admitted });
      return admitted;
    };
  }

  private may(actor: Actor, action: Action): boolean {
    return can(actor.role, action, this.config.privateDeployment);
  }

  private door(action: Action, check: Reader): Reader {
    return async (actor, id) => this.may(actor, action) && check(actor, id);
  }
}
