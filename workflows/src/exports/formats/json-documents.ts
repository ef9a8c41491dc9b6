// What every decoder of a JSON format does first: take the upload's .json files, parse each, and refuse one that does
// not parse (or is not a document of the format) with where and why; an upload without a JSON file is refused whole.
import { type DecodedItem, type DecodeOutcome, type DecodeRefusal, type DecodeWarning, type ImportedFile, importReasons } from '../format';
import { jsonSyntaxDetail } from './parse-errors';

/** What the documents of one upload decode into, filled document by document. */
export interface JsonDecoding {
  items: DecodedItem[];
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
}

/**
 * `read` decodes one parsed document into `out`, or answers why the file is not a document of `format` (the file is
 * then refused as malformed, with that reason).
 */
export function decodeJsonDocuments(
  files: ImportedFile[],
  format: string,
  read: (file: ImportedFile, document: unknown, out: JsonDecoding) => string | void,
): DecodeOutcome {
  const documents = files.filter((f) => f.path.toLowerCase().endsWith('.json'));
  if (documents.length === 0) return { items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  const out: JsonDecoding = { items: [], refusals: [], warnings: [] };
  const malformed = (detail: string, file: ImportedFile) => out.refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format, detail } });
  for (const file of documents) {
    let document: unknown;
    const text = file.content.toString('utf8');
    try {
      document = JSON.parse(text);
    } catch {
      malformed(jsonSyntaxDetail(text), file);
      continue;
    }
    const refused = read(file, document, out);
    if (refused !== undefined) malformed(refused, file);
  }
  return out;
}
