// How the command pipeline drives the catalog's streams.
import {
  type AnnotationRuleEvent,
  type AnnotationRuleState,
  catalogEntryMachine,
  evolveAnnotationRule,
  initialAnnotationRuleState,
  type DataRuleEvent,
  type DataRuleState,
  evolveDataRule,
  initialDataRuleState,
  type DomainEvent,
  type EntryState,
  type ErrorGroupEvent,
  type ErrorGroupInput,
  evolveErrorGroup,
  evolveInvalidReason,
  evolveTool,
  initialToolState,
  type InvalidReasonEvent,
  type InvalidReasonInput,
  type ToolEvent,
  toolMachine,
  type ToolState,
} from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import type { Projection } from '../projections/projection';
import { errorGroupProjection, invalidReasonProjection } from './catalog-entry.projection';
import { annotationRuleProjection } from './annotation-rule.projection';
import { dataRuleProjection } from './data-rule.projection';
import { toolProjection } from './tool.projection';

export const toolLifecycle: Lifecycle<ToolState, ToolEvent> = {
  machine: toolMachine,
  initial: initialToolState,
  evolve: evolveTool,
  status: (state) => state.status,
  context: () => ({}),
  projections: [toolProjection],
};

const entryLifecycle = <T, E extends DomainEvent>(evolve: (state: EntryState<T>, event: E) => EntryState<T>, projection: Projection): Lifecycle<EntryState<T>, E> => ({
  machine: catalogEntryMachine,
  initial: { status: 'none', entry: null },
  evolve,
  status: (state) => state.status,
  context: () => ({}),
  projections: [projection],
});

export const errorGroupLifecycle = entryLifecycle<ErrorGroupInput, ErrorGroupEvent>(evolveErrorGroup, errorGroupProjection);
export const invalidReasonLifecycle = entryLifecycle<InvalidReasonInput, InvalidReasonEvent>(evolveInvalidReason, invalidReasonProjection);

export const dataRuleLifecycle: Lifecycle<DataRuleState, DataRuleEvent> = {
  machine: catalogEntryMachine,
  initial: initialDataRuleState,
  evolve: evolveDataRule,
  status: (state) => state.status,
  context: () => ({}),
  projections: [dataRuleProjection],
};

export const annotationRuleLifecycle: Lifecycle<AnnotationRuleState, AnnotationRuleEvent> = {
  machine: catalogEntryMachine,
  initial: initialAnnotationRuleState,
  evolve: evolveAnnotationRule,
  status: (state) => state.status,
  context: () => ({}),
  projections: [annotationRuleProjection],
};
