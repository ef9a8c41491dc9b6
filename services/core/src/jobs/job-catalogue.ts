// The one typed catalogue of background jobs: every name has its data shape and exactly one handler.
import type { JobSubject } from '@annot/workflows';

export const jobQueue = 'jobs';

export enum JobName {
  VerifyLedger = 'ledger.verify',
  ImportBatch = 'batch.import',
  /** A claim's auto-recycle timer: delayed until the claim's deadline. */
  ExpireClaim = 'item.expire_claim',
  /** On publishing: items imported before the project had links enter the first link's pool. */
  EnterPools = 'project.enter_pools',
  /** Writes an export's archive and delivers it. */
  Export = 'export.run',
  /** Reads an uploaded annotation file from storage and writes its objects as starting results. */
  ImportAnnotations = 'annotations.import',
  /** A download's retention timer: delayed until the day it is removed. */
  ExpireExport = 'export.expire',
  /** Pages an algorithm call's scope into chunks, holding out the control group. */
  PlanAlgorithmCall = 'algorithm.plan',
  /** Sends one chunk of a call's items to the model server and writes its answers. */
  CallAlgorithm = 'algorithm.call',
  /** An announcement's publishing timer: delayed until the time an admin chose. */
  PublishAnnouncement = 'announcement.publish',
}

export type JobItem =
  | { name: JobName.VerifyLedger; data: { auditId: string } }
  | { name: JobName.ImportBatch; data: { batchId: string; importId: string } }
  /** `claimerId` names whose claim it is, so only they hear of its expiry; timers set before it was written lack it. */
  | { name: JobName.ExpireClaim; data: { itemId: string; claimId: string; claimerId?: string } }
  | { name: JobName.EnterPools; data: { projectId: string } }
  | { name: JobName.Export; data: { exportId: string } }
  | { name: JobName.ExpireExport; data: { exportId: string } }
  | { name: JobName.ImportAnnotations; data: { importId: string } }
  | { name: JobName.PlanAlgorithmCall; data: { callId: string } }
  | { name: JobName.CallAlgorithm; data: { callId: string; chunk: number } }
  | { name: JobName.PublishAnnouncement; data: { announcementId: string; publishAt: string } };

export type JobData<N extends JobName> = Extract<JobItem, { name: N }>['data'];

export function subjectOf(item: JobItem): JobSubject {
  switch (item.name) {
    case JobName.VerifyLedger:
      return { type: 'audit', id: item.data.auditId };
    case JobName.ImportBatch:
      return { type: 'batch', id: item.data.batchId };
    case JobName.ExpireClaim:
      return { type: 'item', id: item.data.itemId };
    case JobName.EnterPools:
      return { type: 'project', id: item.data.projectId };
    case JobName.Export:
    case JobName.ExpireExport:
      return { type: 'export', id: item.data.exportId };
    case JobName.ImportAnnotations:
      return { type: 'annotation_import', id: item.data.importId };
    case JobName.PlanAlgorithmCall:
    case JobName.CallAlgorithm:
      return { type: 'algorithm_call', id: item.data.callId };
    case JobName.PublishAnnouncement:
      return { type: 'announcement', id: item.data.announcementId };
  }
}

/** A name the catalogue knows: a queue may still hold jobs of a name since removed. */
export const isJobName = (name: string): name is JobName => (Object.values(JobName) as string[]).includes(name);

/** The one account a job's events are for where its subject is a person's own work: a claim's expiry is its claimer's news. */
export function ownerOf(item: JobItem): string | null {
  return item.name === JobName.ExpireClaim ? (item.data.claimerId ?? null) : null;
}
