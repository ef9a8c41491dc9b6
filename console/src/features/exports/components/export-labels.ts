// How the export page names formats, gates and destinations in the reader's language.
import type { TFunction } from 'i18next';
import type { ExportDestination, ExportFormat, ExportGate } from '@annot/workflows';
import { formatUnit } from '@/lib/numbers';

export const formatLabel = (t: TFunction, format: ExportFormat) => t(`exports_format_${format}`);
/** What a format holds, in a sentence: which shapes it writes and how. */
export const formatDescription = (t: TFunction, format: ExportFormat) => t(`exports_format_${format}_about`);
export const gateLabel = (t: TFunction, gate: ExportGate) => t(`exports_gate_${gate}`);

export function destinationLabel(t: TFunction, destination: ExportDestination): string {
  return t(`exports_destination_${destination.type}`);
}

/** 1.5 MB, 320 KB: sizes as people read them. */
export function bytesLabel(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) (value /= 1024), (unit += 1);
  return formatUnit(value, units[unit], unit === 0 ? 0 : 1, true);
}

/** 2.4 s, 3 min 5 s. */
export function durationLabel(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 60_000) return formatUnit(ms / 1000, 'second', 1, true);
  return `${formatUnit(Math.floor(ms / 60_000), 'minute', 0)} ${formatUnit(Math.round((ms % 60_000) / 1000), 'second', 0)}`;
}
