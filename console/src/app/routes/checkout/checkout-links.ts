// Where the acceptor area's screens live, so each page links to the others by the seed's addresses.
import type { AcceptanceProjectLinks } from '@/features/quality/judging/components/acceptance-project-screen';

export const checkoutLinks: AcceptanceProjectLinks = {
  index: '/checkout/index',
  batches: (projectId) => `/checkout/category/${projectId}`,
  items: (projectId) => `/checkout/dataManageProject/${projectId}`,
  statistics: (projectId) => `/checkout/checkstatistics/${projectId}`,
};

export const batchPath = (batchId: string) => `/checkout/category/dataManage/${batchId}`;
export const acceptanceEditorPath = (batchId: string) => (itemId: string) => `/checkout/edit/${itemId}?acceptance=${batchId}`;
