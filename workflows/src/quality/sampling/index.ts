// Sampling quality inspection: a reproducible stratified sample of finished items, judged over up to four rounds.
export * from './sample-draw';
export * from './confidence';
export * from './sampling.events';
export * from './sampling.machine';
export * from './sampling.evolve';
export { createSamplingTask, decideSamplingTask, type CreateSamplingInput, sampleSizeOf, type SamplingDecision, startSamplingRound, type StartRoundInput } from './sampling.decide';
export * from './sample-item.decide';
export * from './sampling.actions';
export * from './sampling.schemas';
export * from './sampling.views';
