#!/usr/bin/env node
// Verifies an exported audit ledger offline, with Node alone and nothing of the platform: every entry is in place, every
// event in the file hashes to its entry, and the chain runs from the file's start anchor to its end anchor. From the
// same events it recomputes where the project's items stand (--items, as of the end or of an entry) and checks an
// export against the log (--export, with its archive if given). The format and the rules are in docs/ledger-export.md.
//   node scripts/verify-ledger.mjs ledger.ndjson [--anchor <seq>:<hash>]... [--items [--at <seq>]]
//     [--export <exportId> [--archive <file.zip>]] [--project <projectId>] [--json]
// Exits 0 when the file is intact (and the export matches the log), 1 with the first place it breaks or what differs,
// 2 when it cannot be read at all.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { archiveObjects, countedFormats } from './ledger/archive-objects.mjs';
import { ExportCheck } from './ledger/export-check.mjs';
import { ProjectFold } from './ledger/project-fold.mjs';

const genesisHash = '0'.repeat(64);

/** The platform's chain rule: SHA-256 of the previous hash, a newline, and the event's fields as a JSON array. */
function chainHash(previous, event) {
  const fields = [event.globalPosition, event.eventId, event.streamId, event.streamPosition, event.type, event.schemaVersion, event.data, event.metadata, event.recordedAt];
  return createHash('sha256').update(previous).update('\n').update(JSON.stringify(fields)).digest('hex');
}

/**
 * What the events are read for besides the chain: the project's items (up to entry `at` when given) and an export.
 * The project is the file's scope unless named.
 */
function recomputation(header, options) {
  if (!options.items && !options.exportId) return null;
  const projectId = options.projectId ?? header.scope.projectId;
  if (!projectId) throw new Error('--items and --export need a project: export a project\'s slice, or name it with --project');
  return { fold: new ProjectFold(projectId), at: options.at === undefined ? null : BigInt(options.at), check: options.exportId ? new ExportCheck(options.exportId) : null };
}

async function verify(file, anchors, options = {}) {
  let recomputed = null;
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let header = null;
  let previous = null;
  let expected = 0n;
  let lineNumber = 0;
  const counts = { entries: 0, events: 0, withheld: 0 };
  const broken = (seq, reason) => ({ ok: false, seq, line: lineNumber, reason, ...counts });
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return broken(expected.toString(), `line ${lineNumber} is not JSON`);
    }
    if (!header) {
      if (entry.format !== 'annot-ledger' || entry.version !== 1) return { ok: false, unreadable: true, reason: 'not an annot-ledger export of version 1' };
      header = entry;
      if (header.start.seq === '0' && header.start.hash !== genesisHash) return broken('0', 'the start anchor of the ledger is not the genesis hash');
      previous = header.start.hash;
      expected = BigInt(header.start.seq) + 1n;
      recomputed = recomputation(header, options);
      continue;
    }
    if (entry.seq !== expected.toString()) {
      return broken(expected.toString(), BigInt(entry.seq) > expected ? `entry ${expected} is missing: the file goes from ${expected - 1n} to ${entry.seq}` : `entry ${entry.seq} is out of order where ${expected} was due`);
    }
    if (entry.event) {
      const hash = chainHash(previous, entry.event);
      if (hash !== entry.hash) {
        const { eventId, globalPosition, streamId, type } = entry.event;
        return broken(entry.seq, `event ${eventId} (${type} of ${streamId}, global position ${globalPosition}) does not hash to its entry: it, or an entry before it, was changed`);
      }
      counts.events += 1;
      if (recomputed && (recomputed.at === null || expected <= recomputed.at)) {
        recomputed.fold.apply(entry.event);
        recomputed.check?.observe(entry, entry.event, recomputed.fold);
      }
    } else {
      counts.withheld += 1;
    }
    const anchor = anchors.get(entry.seq);
    if (anchor && anchor !== entry.hash) return broken(entry.seq, `entry ${entry.seq} has hash ${entry.hash}, the anchor given says ${anchor}`);
    previous = entry.hash;
    expected += 1n;
    counts.entries += 1;
  }
  if (!header) return { ok: false, unreadable: true, reason: 'the file is empty' };
  const last = (expected - 1n).toString();
  if (last !== header.end.seq || previous !== header.end.hash) return broken(header.end.seq, `the file ends at entry ${last} with hash ${previous}, its header's end anchor is entry ${header.end.seq} with hash ${header.end.hash}`);
  return { ok: true, header, recomputed, ...counts };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    anchor: { type: 'string', multiple: true, default: [] },
    items: { type: 'boolean', default: false },
    at: { type: 'string' },
    export: { type: 'string' },
    archive: { type: 'string' },
    project: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
// Exit codes are set rather than exited with, so what is printed reaches a pipe whole.
if (positionals.length !== 1 || (values.archive && !values.export) || (values.at !== undefined && !/^\d+$/.test(values.at))) {
  console.error('usage: node scripts/verify-ledger.mjs <ledger.ndjson> [--anchor <seq>:<hash>]... [--items [--at <seq>]] [--export <exportId> [--archive <file.zip>]] [--project <projectId>] [--json]');
  process.exitCode = 2;
} else {
  const anchors = new Map(values.anchor.map((a) => a.split(':')));
  const options = { items: values.items, at: values.at, exportId: values.export, projectId: values.project };
  const verdict = await verify(positionals[0], anchors, options).catch((error) => ({ ok: false, unreadable: true, reason: error.message }));
  const exported = verdict.ok && values.export ? await exportVerdict(verdict.recomputed.check, values.archive) : null;
  if (values.json) {
    console.log(JSON.stringify({ chain: chainSummary(verdict), items: verdict.ok && values.items ? verdict.recomputed.fold.counts() : null, export: exported }, null, 2));
    process.exitCode = verdict.unreadable ? 2 : verdict.ok && (exported?.ok ?? true) ? 0 : 1;
  } else {
    process.exitCode = report(verdict);
    if (verdict.ok && values.items) reportItems(verdict.recomputed, verdict.header);
    if (exported) {
      reportExport(exported);
      if (!exported.ok) process.exitCode = 1;
    }
  }
}

async function exportVerdict(check, archive) {
  const counted = archive && check.requested ? await archiveObjects(archive, check.requested.format).catch((error) => ({ unreadable: error.message })) : undefined;
  if (counted?.unreadable) return { ok: false, exportId: check.exportId, differences: [`the archive cannot be read: ${counted.unreadable}`] };
  const verdict = check.verdict(counted);
  if (archive && counted === undefined && check.requested) verdict.archiveNote = `a ${check.requested.format} archive's objects are not counted here (only ${countedFormats.join(', ')})`;
  return verdict;
}

function chainSummary(verdict) {
  const { recomputed, header, ...rest } = verdict;
  return header ? { ...rest, scope: header.scope, end: header.end } : rest;
}

function reportItems({ fold, at }, header) {
  const moment = at === null ? `the file's end (entry ${header.end.seq})` : `entry ${at}`;
  console.log(`items of project ${fold.projectId} as of ${moment}: ${fold.items.size}`);
  for (const { linkId, status, count } of fold.counts()) console.log(`  ${linkId ?? '(no link)'}  ${status}  ${count}`);
}

function reportExport(verdict) {
  if (!verdict.log) {
    console.log(`export ${verdict.exportId}: ${verdict.differences[0]}`);
    return;
  }
  const { exportId, format, startedAt, log, recorded, archive, changedAfter, differences } = verdict;
  console.log(`export ${exportId} (${format}), read at entry ${startedAt.seq} (global position ${startedAt.globalPosition}):`);
  console.log(`  the log: ${log.items} items, ${log.objects} objects in its scope there`);
  console.log(`  the export recorded: ${recorded ? `${recorded.items} items, ${recorded.objects} objects` : 'nothing (it did not succeed in the file)'}`);
  if (archive) console.log(`  the archive: ${archive.objects} objects (${archive.counted})`);
  if (verdict.archiveNote) console.log(`  ${verdict.archiveNote}`);
  console.log(differences.length === 0 ? '  MATCHES the log' : differences.map((d) => `  DIFFERS: ${d}`).join('\n'));
  for (const u of verdict.unlikeAccepted) console.log(`  NOT AS ACCEPTED: item ${u.itemId} was read at result version ${u.resultVersion}, its acceptance passed version ${u.acceptedVersion}`);
  if (changedAfter.length > 0) {
    console.log(`  changed in the log after it was read (${changedAfter.length}):`);
    for (const c of changedAfter) console.log(`    entry ${c.seq}: ${c.type} of item ${c.itemId}${c.resultVersion === null ? '' : ` (result version ${c.resultVersion})`} by ${c.actorId ?? 'the platform'}`);
  }
}

function report(verdict) {
  if (verdict.ok) {
    const { header, entries, events, withheld } = verdict;
    const scope = header.scope.projectId ? `project ${header.scope.projectId}` : 'the whole ledger';
    console.log(`intact: ${entries} entries of ${scope} from ${BigInt(header.start.seq) + 1n} to ${header.end.seq} (${events} events checked in full, ${withheld} of other projects by their place)`);
    console.log(`end anchor: entry ${header.end.seq} ${header.end.hash}`);
    console.log(`ledger head at export: entry ${header.head.seq} ${header.head.hash}`);
    return 0;
  }
  if (verdict.unreadable) {
    console.error(`unreadable: ${verdict.reason}`);
    return 2;
  }
  console.log(`BROKEN at entry ${verdict.seq} (line ${verdict.line}): ${verdict.reason}`);
  console.log(`${verdict.entries} entries before it are intact`);
  return 1;
}
