// Where a finished download's archive is kept in storage, for the worker that writes it, the API that serves it
// and the retention job that removes it.
export const exportArchiveKey = (exportId: string): string => `exports/${exportId}.zip`;
