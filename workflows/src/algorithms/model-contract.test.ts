import { describe, expect, it } from 'vitest';
import { context } from '../exports/formats/round-trip.test-support';
import { modelClassesOf, resultOfAnswer } from './model-contract';

const image = { width: 320, height: 240 };
const box = (x: number, y: number, width = 40, height = 20) => ({ type: 'box' as const, x, y, width, height });

describe('modelClassesOf', () => {
  it('tells the model each tool as a class with its shape', () => {
    expect(modelClassesOf(context.tools).map((c) => [c.name, c.shape])).toEqual([
      ['Vehicle', 'box'],
      ['Drivable area', 'polygon'],
      ['Lane', 'line'],
    ]);
  });
});

describe('resultOfAnswer', () => {
  it('makes a starting result of the objects at or over the threshold, marked as the algorithm’s', () => {
    const outcome = resultOfAnswer({ objects: [{ className: 'Vehicle', score: 0.9, shape: box(10, 10) }, { className: 'Vehicle', score: 0.2, shape: box(100, 10) }] }, context.tools, image, 0.5);
    expect(outcome.refusals).toEqual([]);
    expect(outcome.result?.objects).toHaveLength(1);
    expect(outcome.result?.objects[0]).toMatchObject({ toolId: context.tools[0].toolId, keyframes: [{ frame: 0, shape: box(10, 10), source: 'algorithm' }] });
    expect(outcome.detections).toEqual([{ className: 'Vehicle', toolId: context.tools[0].toolId, score: 0.9, box: [10, 10, 40, 20] }]);
  });

  it('refuses a whole answer with an object outside the image', () => {
    const outcome = resultOfAnswer({ objects: [{ className: 'Vehicle', score: 0.9, shape: box(300, 10, 80) }] }, context.tools, image, 0.5);
    expect(outcome.result).toBeNull();
    expect(outcome.refusals).not.toEqual([]);
  });

  it('refuses a class the project has no tool for, and a shape its tool does not draw', () => {
    expect(resultOfAnswer({ objects: [{ className: 'Tram', shape: box(1, 1) }] }, context.tools, image, 0).refusals[0]).toMatchObject({ source: 'objects[0]', reasonKey: 'exports.import.unknown_class' });
    expect(resultOfAnswer({ objects: [{ className: 'Lane', shape: box(1, 1) }] }, context.tools, image, 0).result).toBeNull();
  });

  it('refuses a malformed answer, saying where', () => {
    const outcome = resultOfAnswer({ objects: [{ className: 'Vehicle', shape: { type: 'box', x: 'a' } }] }, context.tools, image, 0);
    expect(outcome.result).toBeNull();
    expect(outcome.refusals[0]).toMatchObject({ reasonKey: 'algorithms.answer_malformed', source: expect.stringContaining('objects.0.shape') });
    expect(resultOfAnswer('not json', context.tools, image, 0).refusals[0].reasonKey).toBe('algorithms.answer_malformed');
  });

  it('answers an empty result for a model that found nothing', () => {
    expect(resultOfAnswer({ objects: [] }, context.tools, image, 0.5).result).toEqual({ frameCount: 1, objects: [], attributes: {} });
  });
});
