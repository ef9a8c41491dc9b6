// Folds a tool's events into what its commands decide on.
import type { ToolEvent } from './tool.events';
import type { ToolInput } from './tool.schemas';

export interface ToolState {
  status: 'none' | 'active' | 'deleted';
  toolVersion: number;
  definition: ToolInput | null;
}

export const initialToolState: ToolState = { status: 'none', toolVersion: 0, definition: null };

export function evolveTool(state: ToolState, event: ToolEvent): ToolState {
  switch (event.type) {
    case 'ToolCreated':
    case 'ToolEdited':
      return { status: 'active', toolVersion: event.data.toolVersion, definition: event.data.definition };
    case 'ToolDeleted':
      return { ...state, status: 'deleted' };
  }
}
