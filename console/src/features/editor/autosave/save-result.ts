// PUT /manage/items/:id/result with If-Match, its answer read as the autosave queue counts it.
import type { ResultDocument } from '@annot/workflows';
import { api, ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { packedJson } from '@/lib/packed-json';
import type { ConflictReason, SaveOutcome } from './autosave.machine';

/** How a refused request counts, from the envelope's code and errCode. */
export function outcomeOf(code: number, errCode: string | null): 'retry' | 'refused' | ConflictReason {
  if (code === 0 || code === 429 || code >= 500 || errCode === 'TOKEN_INVALID' || errCode === 'BAD_RESPONSE') return 'retry';
  if (code === 412 || errCode === 'VERSION_CONFLICT') return 'version';
  if (code === 409) return 'state';
  if (code === 403 || code === 404) return 'access';
  return 'refused';
}

const ifMatch = (version: string | null): Record<string, string> => (version ? { 'if-match': `"${version}"` } : {});

export async function saveResult(itemId: string, version: string | null, document: ResultDocument): Promise<SaveOutcome> {
  try {
    const { body, headers } = await packedJson({ result: document });
    const answer = await api.put<{ version: string; status: string }>(`/manage/items/${itemId}/result`, body, { ...ifMatch(version), ...headers });
    return { kind: 'saved', version: answer.version };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'retry' };
    const counted = outcomeOf(error.code, error.errCode);
    if (counted === 'retry') return { kind: 'retry' };
    if (counted === 'refused') return { kind: 'refused', message: error.message, fields: error.fields };
    return { kind: 'conflict', reason: counted, message: i18n.t(`editor_autosave_conflict_${counted}`) };
  }
}
