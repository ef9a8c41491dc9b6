// The HTTP contract between the platform and a model server, version 1: what an item's request holds, what an answer
// may hold, and how a good answer becomes the item's starting result. An answer is checked as an editor save is.
import { z } from 'zod';
import type { DecodeRefusal } from '../exports/format';
import { objectOf } from '../exports/import-matching';
import { boundsOf } from '../exports/formats/objects-at';
import { type ResultDocument, resultAttributeValues, resultLimits, resultShape } from '../items/result.schema';
import { type CheckedResult, checkedResult, type ResultTool } from '../items/result.validation';
import type { Detection } from './algorithm-call.events';

export const modelContractVersion = 1;

export interface ModelClass {
  name: string;
  toolId: string;
  shape: string;
  attributes: { name: string; type: string; required: boolean; options: string[] }[];
}

export interface ModelRequest {
  contract: typeof modelContractVersion;
  callId: string;
  item: { id: string; fileName: string; mediaUrl: string; mediaType: string; width: number | null; height: number | null };
  classes: ModelClass[];
  scoreThreshold: number;
}

/** The project's tools as the classes a model may answer with. */
export function modelClassesOf(tools: ResultTool[]): ModelClass[] {
  return tools.map((t) => ({
    name: t.definition.name,
    toolId: t.toolId,
    shape: t.definition.templateType,
    attributes: t.definition.attributes.map((a) => ({ name: a.name, type: a.type, required: a.required ?? false, options: a.options.map((o) => o.name) })),
  }));
}

export const modelAnswer = z.object({
  objects: z
    .array(
      z.object({
        className: z.string().min(1).max(resultLimits.name),
        score: z.number().min(0).max(1).default(1),
        shape: resultShape,
        attributes: resultAttributeValues,
      }),
    )
    .max(resultLimits.objects),
});

export interface AnswerOutcome {
  /** The starting result, or null where the answer is refused. */
  result: CheckedResult | null;
  detections: Detection[];
  refusals: DecodeRefusal[];
}

/**
 * A model's answer as a result: objects under the score threshold are left out; every other object must be a class
 * of the project's tools in the tool's shape and pass the editor's checks (inside the image, attributes known), or
 * the whole answer is refused, so a half-understood answer never becomes someone's starting point.
 */
export function resultOfAnswer(body: unknown, tools: ResultTool[], image: { width: number; height: number } | null, scoreThreshold: number): AnswerOutcome {
  const parsed = modelAnswer.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { result: null, detections: [], refusals: [{ source: issue.path.join('.') || 'answer', reasonKey: 'algorithms.answer_malformed', params: { value: issue.message } }] };
  }
  const kept = parsed.data.objects.filter((o) => o.score >= scoreThreshold);
  const refusals: DecodeRefusal[] = [];
  const objects = kept.flatMap((o, i) => {
    const made = objectOf({ source: `objects[${i}]`, className: o.className, shape: o.shape, attributes: o.attributes, id: `alg-${i + 1}` }, tools, i, refusals);
    return made ? [made] : [];
  });
  const checked = checkedResult({ frameCount: 1, objects, attributes: {} }, { tools, image });
  for (const issue of checked.issues) {
    refusals.push({ source: issue.objectId ?? 'answer', reasonKey: issue.messageKey, params: issue.params });
  }
  // Every kept object became a result object in order unless some were refused, and then nothing is written.
  const detections = kept.map((o, i) => ({ className: o.className, toolId: objects.length === kept.length ? objects[i].toolId : null, score: o.score, box: boxOf(o.shape) }));
  return refusals.length > 0 || !checked.result ? { result: null, detections, refusals } : { result: checked.result, detections, refusals };
}

const boxOf = (shape: z.infer<typeof resultShape>): [number, number, number, number] => boundsOf(shape).map((n) => Math.round(n * 100) / 100) as [number, number, number, number];
