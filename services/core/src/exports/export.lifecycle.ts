// How the command pipeline drives an export.
import { type ExportEvent, type ExportState, evolveExport, exportMachine, initialExportState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { exportProjection } from './export.projection';

export const exportLifecycle: Lifecycle<ExportState, ExportEvent> = {
  machine: exportMachine,
  initial: initialExportState,
  evolve: evolveExport,
  status: (state) => state.status,
  context: () => ({}),
  projections: [exportProjection],
};
