// The demo help documents: a guide for taggers and suppliers, one for client acceptors and a handbook for the staff,
// each an uploaded Markdown file, so every role but the admin finds its own under help documents.
import { type Call, ok } from './seed-demo-call';

interface DemoDocument {
  name: string;
  fileName: string;
  content: string;
  description: string;
  visibleRoles: string[];
  sort: number;
}

export const demoDocuments: DemoDocument[] = [
  {
    name: 'Annotation guide',
    fileName: 'annotation-guide.md',
    description: 'How to claim frames, draw boxes and submit them',
    visibleRoles: ['30', '40'],
    sort: 1,
    content: [
      '# Annotation guide',
      '',
      '1. Open a going project and claim frames from its pool.',
      '2. Draw one tight box around every vehicle; a box touches the outermost visible pixels.',
      '3. Mark a frame invalid (with its reason) when it cannot be annotated: blurred, black, duplicated.',
      '4. Submit the frames; an inspector passes them or sends them back with the errors marked.',
    ].join('\n'),
  },
  {
    name: 'Acceptance guide',
    fileName: 'acceptance-guide.md',
    description: 'How to claim an acceptance batch, judge its items and submit it',
    visibleRoles: ['50'],
    sort: 2,
    content: [
      '# Acceptance guide',
      '',
      '1. Open the acceptance projects and claim a batch.',
      '2. Pass or reject each item; mark the errors of a rejected one.',
      '3. Submit the batch once every item is judged; the PM passes or rejects it.',
    ].join('\n'),
  },
  {
    name: 'PM handbook',
    fileName: 'pm-handbook.md',
    description: 'Projects, links, batches, quality gates and exports',
    visibleRoles: ['01', '10', '20'],
    sort: 3,
    content: [
      '# PM handbook',
      '',
      '- A project is a pipeline of links: annotation first, then inspection.',
      '- Upload batches; a larger priority is claimed first.',
      '- Sampling tasks check finished items; acceptance batches go to client acceptors.',
      '- Export the results once the batches are accepted.',
    ].join('\n'),
  },
];

export async function seedDemoDocuments(call: Call, admin: string): Promise<void> {
  const existing = await call('GET', '/manage/documents', undefined, admin);
  // A private deployment has no documents; the demo leaves them out there.
  if (existing.code === 404) return;
  const names = new Set((ok(existing, 'documents').items as { name: string }[]).map((d) => d.name));
  for (const document of demoDocuments) {
    if (names.has(document.name)) continue;
    const form = new FormData();
    form.append('file', new Blob([document.content], { type: 'text/markdown' }), document.fileName);
    const file = ok(await call('POST', '/manage/documents/files', form, admin), `document file ${document.fileName}`);
    const { fileName: _, content: __, ...described } = document;
    ok(await call('POST', '/manage/documents', { ...described, address: { kind: 'file', fileId: file.fileId } }, admin), `document ${document.name}`);
  }
}
