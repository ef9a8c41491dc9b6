// The PM's CSV of items to recycle: one data ID or file name a line, read and matched to a project's items, every
// line judged before anything moves, so a refusal can name each line that is wrong.
import { z } from 'zod';

export const recycleCsvMaxBytes = 1024 * 1024;
export const recycleCsvMaxLines = 10_000;

/** The text fields sent beside the file: multipart carries strings. */
export const recycleCsvFields = z.object({ target: z.enum(['annotation_pool', 'same_link']), keepResult: z.enum(['true', 'false']) }).strict();

export interface CsvLine {
  /** 1-based, as a spreadsheet numbers it, counting the header and blank lines. */
  line: number;
  value: string;
}

export interface LineRefusal extends CsvLine {
  messageKey: string;
  params?: Record<string, unknown>;
}

/** What a value may name: an item's id, or its file name. */
export interface NamedCandidate {
  itemId: string;
  fileName: string;
  deleted: boolean;
}

export interface NamedLine extends CsvLine {
  itemId: string;
}

const headers = new Set(['id', 'data id', 'file name', 'filename', '文件名', '数据id']);

/** Splits the text into one value per line; a header line is skipped, blank lines are ignored. */
export function readItemLines(text: string): { lines: CsvLine[]; refused: LineRefusal[] } {
  const lines: CsvLine[] = [];
  const refused: LineRefusal[] = [];
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let first = true;
  rows.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const cells = cellsOf(raw);
    const header = first && cells !== null && cells.length === 1 && headers.has(cells[0].toLowerCase());
    first = false;
    if (header) return;
    if (cells === null) refused.push({ line, value: raw.trim(), messageKey: 'items.csv_line_quote' });
    else if (cells.length !== 1) refused.push({ line, value: raw.trim(), messageKey: 'items.csv_line_columns' });
    else lines.push({ line, value: cells[0] });
  });
  return { lines, refused };
}

/** The non-empty cells of one CSV line (quoted cells may hold commas and doubled quotes); null for an unclosed quote. */
function cellsOf(raw: string): string[] | null {
  const cells: string[] = [];
  let i = 0;
  while (i <= raw.length) {
    let cell = '';
    while (raw[i] === ' ' || raw[i] === '\t') i++;
    if (raw[i] === '"') {
      i++;
      for (;;) {
        if (i >= raw.length) return null;
        if (raw[i] === '"' && raw[i + 1] === '"') (cell += '"'), (i += 2);
        else if (raw[i] === '"') break;
        else cell += raw[i++];
      }
      i++;
      while (i < raw.length && raw[i] !== ',') {
        if (raw[i] !== ' ' && raw[i] !== '\t') return null;
        i++;
      }
    } else {
      const end = raw.indexOf(',', i);
      cell = raw.slice(i, end === -1 ? raw.length : end).trim();
      i = end === -1 ? raw.length : end;
    }
    if (cell.trim() !== '') cells.push(cell.trim());
    i++;
  }
  return cells;
}

/**
 * Matches each line to one item: a data ID first, then a file name; a file name shared by several live items is
 * ambiguous, a deleted item cannot be recycled, and a line naming an item an earlier line named is a repeat.
 */
export function matchItemLines(lines: CsvLine[], candidates: NamedCandidate[]): { named: NamedLine[]; refused: LineRefusal[] } {
  const byId = new Map(candidates.map((c) => [c.itemId.toLowerCase(), c]));
  const byName = new Map<string, NamedCandidate[]>();
  for (const c of candidates) byName.set(c.fileName, [...(byName.get(c.fileName) ?? []), c]);
  const named: NamedLine[] = [];
  const refused: LineRefusal[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, value } of lines) {
    const sameName = byName.get(value) ?? [];
    const live = sameName.filter((c) => !c.deleted);
    const item = byId.get(value.toLowerCase()) ?? (live.length > 0 ? (live.length === 1 ? live[0] : null) : sameName[0]);
    if (item === null) refused.push({ line, value, messageKey: 'items.csv_line_ambiguous', params: { count: live.length } });
    else if (!item) refused.push({ line, value, messageKey: 'items.csv_line_unknown' });
    else if (item.deleted) refused.push({ line, value, messageKey: 'items.csv_line_not_recyclable', params: { state: 'items.item_state.deleted' } });
    else if (firstLine.has(item.itemId)) refused.push({ line, value, messageKey: 'items.csv_line_repeated', params: { first: firstLine.get(item.itemId) } });
    else {
      firstLine.set(item.itemId, line);
      named.push({ line, value, itemId: item.itemId });
    }
  }
  return { named, refused };
}
