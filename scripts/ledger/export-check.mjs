// One export checked against the log, with Node alone: the items and objects its scope held at the entry of its last
// start (where its worker read them), beside what the export recorded of itself when it succeeded, and every item the
// log changed after that entry (a result saved, an item moved), with who changed it.

const objectsOf = (count) => `${count} object${count === 1 ? '' : 's'}`;

export class ExportCheck {
  constructor(exportId) {
    this.exportId = exportId;
    this.requested = null;
    /** What the scope held at the last start: { seq, globalPosition, items: [{ itemId, resultVersion, objectCount }] }. */
    this.started = null;
    this.succeeded = null;
    /** Item events after the last start, in log order. */
    this.changedAfter = [];
  }

  /** Called with each event after the project's fold has applied it, so a start sees the scope as of its own entry. */
  observe(entry, event, fold) {
    const d = event.data ?? {};
    if (d.exportId === this.exportId) {
      if (event.type === 'ExportRequested') this.requested = d;
      if (event.type === 'ExportStarted' && this.requested) {
        const items = fold.exportScope(this.requested.scope);
        this.started = { seq: entry.seq, globalPosition: event.globalPosition, attempt: d.attempt, items, inScope: new Set(items?.map((i) => i.itemId)) };
        this.changedAfter = [];
      }
      if (event.type === 'ExportSucceeded') this.succeeded = { seq: entry.seq, items: d.items, objects: d.objects };
      return;
    }
    if (this.started && d.projectId === fold.projectId && this.started.inScope.has(d.itemId)) {
      this.changedAfter.push({ seq: entry.seq, itemId: d.itemId, type: event.type, actorId: event.metadata?.actorId ?? null, resultVersion: d.resultVersion ?? null });
    }
  }

  /** The verdict: the log's recomputation against the export's own record and, when given, the archive's count. */
  verdict(archiveObjects) {
    const refused = (reason) => ({ ok: false, exportId: this.exportId, differences: [reason] });
    if (!this.requested) return refused(`export ${this.exportId} is not in the file (or not of its project)`);
    if (!this.started) return refused(`export ${this.exportId} never started in the file`);
    if (!this.started.items) return refused(`export ${this.exportId} reads the sampled gate, whose rounds this check does not recompute`);
    const items = this.started.items.length;
    const objects = this.started.items.reduce((sum, i) => sum + i.objectCount, 0);
    const differences = [];
    if (!this.succeeded) differences.push(`export ${this.exportId} has not succeeded in the file`);
    else {
      if (this.succeeded.items !== items) differences.push(`the export recorded ${this.succeeded.items} items, the log holds ${items} in its scope at entry ${this.started.seq}`);
      if (this.succeeded.objects !== objects) differences.push(`the export recorded ${objectsOf(this.succeeded.objects)}, the log holds ${objectsOf(objects)} at entry ${this.started.seq}`);
    }
    if (archiveObjects !== undefined && archiveObjects.objects !== objects) {
      differences.push(`the archive holds ${objectsOf(archiveObjects.objects)} (${archiveObjects.counted}), the log holds ${objectsOf(objects)} at entry ${this.started.seq}`);
    }
    return {
      ok: differences.length === 0,
      exportId: this.exportId,
      format: this.requested.format,
      scope: this.requested.scope,
      startedAt: { seq: this.started.seq, globalPosition: this.started.globalPosition },
      log: { items, objects },
      recorded: this.succeeded && { items: this.succeeded.items, objects: this.succeeded.objects },
      archive: archiveObjects ?? null,
      versions: this.started.items.map(({ itemId, resultVersion }) => ({ itemId, resultVersion })),
      // An accepted item read at another version than its acceptance passed: the export is the log's, not what was accepted.
      unlikeAccepted: this.started.items
        .filter((i) => i.acceptedVersion !== null && i.acceptedVersion !== i.resultVersion)
        .map(({ itemId, resultVersion, acceptedVersion }) => ({ itemId, resultVersion, acceptedVersion })),
      changedAfter: this.changedAfter,
      differences,
    };
  }
}
