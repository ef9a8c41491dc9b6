// Where a message takes its reader: the page of what it is about, in the reader's own area.
import type { MessageView } from '@annot/workflows';
import { Role } from '@annot/workflows';

export function messageLink(message: MessageView, role: string): string | null {
  const { subject, projectId } = message;
  switch (subject.type) {
    case 'item':
      return role === Role.Tagger ? `/tag/item/${subject.id}` : `/project/item/${subject.id}`;
    case 'sampling_task':
      return projectId ? `/project/checkmanage/${projectId}/task/${subject.id}` : null;
    case 'acceptance_batch':
      if (role === Role.Client) return `/checkout/category/dataManage/${subject.id}`;
      return projectId ? `/project/acceptmanage/${projectId}/batch/${subject.id}` : null;
    case 'export':
      return projectId ? `/project/exportData/${projectId}` : null;
    case 'algorithm_call':
      return '/algorithm/call';
    case 'project':
      return `/project/datamanage/${subject.id}`;
    default:
      return null;
  }
}
