// /manage/documents: the admin's documents and their changes, an uploaded file, one document for the manual page, its
// file, and the help entries of the signed-in role that the side menu lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentInput, DocumentView, EditDocumentInput, HelpDocumentEntry } from '@annot/workflows';
import { api, request } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

export const documentsKey = ['documents'] as const;

export const useDocuments = () => useQuery({ queryKey: [...documentsKey, 'list'], queryFn: async () => (await api.get<{ items: DocumentView[] }>('/manage/documents')).items });

/** One document as the reader may see it; the server answers 404 for one outside the reader's range. */
export const useDocument = (documentId: string) =>
  useQuery({ queryKey: [...documentsKey, 'one', documentId], queryFn: () => api.get<DocumentView>(`/manage/documents/${documentId}`), enabled: isUuid(documentId), retry: false });

/** The help entries of the signed-in role, for the side menu; none while `enabled` is false. */
export const useHelpDocuments = (enabled: boolean) =>
  useQuery({ queryKey: [...documentsKey, 'help'], queryFn: () => api.get<HelpDocumentEntry[]>('/manage/documents/help'), enabled, staleTime: 60_000 });

/** A document's uploaded file as a blob: its route takes the token only from a header. */
export const useDocumentFile = (documentId: string, enabled: boolean) =>
  useQuery({ queryKey: [...documentsKey, 'file', documentId], queryFn: () => api.blob(`/manage/documents/${documentId}/file`), enabled, staleTime: Infinity, retry: false });

export interface UploadedDocumentFile {
  fileId: string;
  fileName: string;
  mediaType: string;
  size: number;
}

export const useUploadDocumentFile = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await request<UploadedDocumentFile>('POST', '/manage/documents/files', { body: form })).data;
    },
  });

function useDocumentMutation<I>(send: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: documentsKey }) });
}

export const useAddDocument = () => useDocumentMutation((input: DocumentInput) => api.post<{ id: string }>('/manage/documents', input));
export const useEditDocument = (id: string) => useDocumentMutation((input: EditDocumentInput) => api.put(`/manage/documents/${id}`, input));
export const useShelveDocument = () =>
  useDocumentMutation(({ id, onShelf }: { id: string; onShelf: boolean }) => api.post(`/manage/documents/${id}/${onShelf ? 'shelve' : 'unshelve'}`));
export const useRemoveDocument = () => useDocumentMutation((id: string) => api.post(`/manage/documents/${id}/remove`));
