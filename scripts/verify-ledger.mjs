#!/usr/bin/env node
// Verifies an exported audit ledger offline, with Node alone and nothing of the platform: every entry is in place, every
// event in the file hashes to its entry, and the chain runs from the file's start anchor to its end anchor.
// The format is in docs/ledger-export.md.
//   node scripts/verify-ledger.mjs ledger.ndjson [--anchor <seq>:<hash>]...
// Exits 0 when the file is intact, 1 with the first place it breaks, 2 when it cannot be read at all.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const genesisHash = '0'.repeat(64);

/** The platform's chain rule: SHA-256 of the previous hash, a newline, and the event's fields as a JSON array. */
function chainHash(previous, event) {
  const fields = [event.globalPosition, event.eventId, event.streamId, event.streamPosition, event.type, event.schemaVersion, event.data, event.metadata, event.recordedAt];
  return createHash('sha256').update(previous).update('\n').update(JSON.stringify(fields)).digest('hex');
}

async function verify(file, anchors) {
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
  return { ok: true, header, ...counts };
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { anchor: { type: 'string', multiple: true, default: [] } } });
// Exit codes are set rather than exited with, so what is printed reaches a pipe whole.
if (positionals.length !== 1) {
  console.error('usage: node scripts/verify-ledger.mjs <ledger.ndjson> [--anchor <seq>:<hash>]...');
  process.exitCode = 2;
} else {
  const anchors = new Map(values.anchor.map((a) => a.split(':')));
  const verdict = await verify(positionals[0], anchors).catch((error) => ({ ok: false, unreadable: true, reason: error.message }));
  process.exitCode = report(verdict);
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
