// Events of a tool: created, edited (each edit a new version, so projects keep the version they cite), deleted.
import type { DomainEvent } from '../shared/event';
import type { ToolInput } from './tool.schemas';

export type ToolCreated = DomainEvent<'ToolCreated', { toolId: string; toolVersion: number; definition: ToolInput }>;
export type ToolEdited = DomainEvent<'ToolEdited', { toolId: string; toolVersion: number; definition: ToolInput }>;
export type ToolDeleted = DomainEvent<'ToolDeleted', { toolId: string; name: string }>;
export type ToolEvent = ToolCreated | ToolEdited | ToolDeleted;

export const toolStreamId = (toolId: string): string => `tool-${toolId}`;
