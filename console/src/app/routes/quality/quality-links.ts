// Where the PM's quality screens live, so each page links to the others by the seed's addresses.
export const samplingPath = (projectId: string) => `/project/checkmanage/${projectId}`;
export const samplingTaskPath = (projectId: string) => (taskId: string) => `/project/checkmanage/${projectId}/task/${taskId}`;
export const acceptancePath = (projectId: string) => `/project/acceptmanage/${projectId}`;
export const acceptanceBatchPath = (projectId: string) => (batchId: string) => `/project/acceptmanage/${projectId}/batch/${batchId}`;
