import { describe, expect, it } from 'vitest';
import { documentDisplay, documentUrl, manualPath } from './document.addresses';
import { documentInput } from './document.schemas';

const valid = { name: ' Annotation guide ', address: { kind: 'link', url: 'https://example.com/guide' }, visibleRoles: ['50', '40'] };
const messages = (input: unknown) => (documentInput.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

describe('documentInput', () => {
  it('trims the name, orders the range by role and fills the defaults', () => {
    expect(documentInput.parse(valid)).toEqual({ ...valid, name: 'Annotation guide', visibleRoles: ['40', '50'], description: '', sort: 0, onShelf: true });
  });

  it('refuses an empty range, an unknown role, a name of blanks and a negative sort', () => {
    expect(messages({ ...valid, visibleRoles: [] })).toEqual(['visibleRoles:documents.range_empty']);
    expect(messages({ ...valid, visibleRoles: ['40', '99'] })).toEqual(['visibleRoles.1:documents.range_invalid']);
    expect(messages({ ...valid, name: '   ' })).toEqual(['name:documents.name_empty']);
    expect(messages({ ...valid, sort: -1 })).toEqual(['sort:validation.too_small']);
    expect(messages({ ...valid, sort: 1.5 })).toEqual(['sort:validation.non_negative_integer']);
  });

  it('takes http and https links and uploaded files, nothing else', () => {
    expect(messages({ ...valid, address: { kind: 'link', url: 'javascript:alert(1)' } })).toEqual(['address.url:documents.url_invalid']);
    expect(messages({ ...valid, address: { kind: 'link', url: 'ftp://example.com/a' } })).toEqual(['address.url:documents.url_invalid']);
    expect(messages({ ...valid, address: { kind: 'file', fileId: 'nope' } })).toEqual(['address.fileId:documents.file_missing']);
    expect(messages({ ...valid, address: { kind: 'file', fileId: '00000000-0000-4000-8000-000000000001' } })).toEqual([]);
    expect(messages({ ...valid, address: { kind: 'disk', path: '/etc/passwd' } })).toHaveLength(1);
  });
});

describe('document addresses', () => {
  const id = '00000000-0000-4000-8000-0000000000d1';
  const file = { kind: 'file' as const, fileId: id, fileName: 'a.pdf', mediaType: 'application/pdf', size: 1, sha256: '' };

  it('opens a link where it points and a file through the file route', () => {
    expect(documentUrl(id, { kind: 'link', url: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(documentUrl(id, file)).toBe(`/manage/documents/${id}/file`);
  });

  it('gives the manual page the seed’s url and id parameters', () => {
    expect(manualPath({ id, name: 'Guide', url: 'https://example.com/a?b=1' })).toBe(`/document/manual?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&id=${id}`);
  });

  it('frames links and PDFs, shows images as images and the rest as text', () => {
    expect(documentDisplay({ kind: 'link', url: 'https://example.com' })).toBe('frame');
    expect(documentDisplay(file)).toBe('frame');
    expect(documentDisplay({ ...file, mediaType: 'image/png' })).toBe('image');
    expect(documentDisplay({ ...file, mediaType: 'text/markdown; charset=utf-8' })).toBe('markdown');
    expect(documentDisplay({ ...file, mediaType: 'text/plain; charset=utf-8' })).toBe('text');
  });
});
