// The archive's name from the PM's naming pattern: placeholders filled, anything a file system dislikes replaced.
export interface NamingValues {
  project: string;
  /** The one batch exported, or "all batches" in the requester's language for several or none chosen. */
  batch: string;
  format: string;
  /** When the export was asked for. */
  date: Date;
}

/**
 * Characters kept in a name: letters of any script with their vowel signs and accents (Hindi, Thai and Arabic write
 * words with them), digits, dot, dash and underscore; the rest become underscores.
 */
const safe = (value: string): string => value.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '_').replace(/^[._]+/, '') || '_';

export function exportFileName(pattern: string, values: NamingValues): string {
  const date = values.date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const filled = pattern.replace(/\{(project|batch|format|date)\}/g, (_, key: keyof NamingValues) =>
    key === 'date' ? date : safe(String(values[key])),
  );
  return `${safe(filled).slice(0, 180)}.zip`;
}
