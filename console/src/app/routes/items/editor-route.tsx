// /tag/edit/{itemId} and /project/edit/{itemId}: the item's own work in the editor or, when the address names a sampling
// task, a sample inspector's verdict on it. The item's editor comes in this module, so opening it waits for no other.
import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import EditorPage from './editor-page';

const JudgingEditorPage = lazy(() => import('./judging-editor-page'));

export default function EditorRoute({ area }: { area: 'tag' | 'project' }) {
  const [params] = useSearchParams();
  return params.has('sampling') ? <JudgingEditorPage gate="sampling" area={area} /> : <EditorPage area={area} />;
}
