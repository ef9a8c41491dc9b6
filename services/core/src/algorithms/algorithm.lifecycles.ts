// How the command pipeline drives an algorithm and a call of one.
import {
  type AlgorithmCallEvent,
  type AlgorithmCallState,
  type AlgorithmEvent,
  type AlgorithmState,
  algorithmCallMachine,
  algorithmMachine,
  evolveAlgorithm,
  evolveAlgorithmCall,
  initialAlgorithmCallState,
  initialAlgorithmState,
} from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { algorithmCallProjection } from './algorithm-call.projection';
import { algorithmProjection } from './algorithm.projection';

export const algorithmLifecycle: Lifecycle<AlgorithmState, AlgorithmEvent> = {
  machine: algorithmMachine,
  initial: initialAlgorithmState,
  evolve: evolveAlgorithm,
  status: (state) => state.status,
  context: () => ({}),
  projections: [algorithmProjection],
};

export const algorithmCallLifecycle: Lifecycle<AlgorithmCallState, AlgorithmCallEvent> = {
  machine: algorithmCallMachine,
  initial: initialAlgorithmCallState,
  evolve: evolveAlgorithmCall,
  status: (state) => state.status,
  context: () => ({}),
  projections: [algorithmCallProjection],
};
