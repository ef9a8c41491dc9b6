// The query keys of the quality gates' screens under one root: a verdict, claim or submission refreshes every gate's screen, the PM's too.
export const qualityKey = ['quality'] as const;
export const qualityManageKey = [...qualityKey, 'manage'] as const;

export const samplingKey = (projectId: string) => [...qualityManageKey, 'sampling', projectId] as const;
export const acceptanceKey = (projectId: string) => [...qualityManageKey, 'acceptance', projectId] as const;

/** A command's If-Match: the stream version the screen showed, so a command on a task or batch that moved on is refused. */
export const ifMatch = (version: string | null | undefined): Record<string, string> => (version ? { 'if-match': `"${version}"` } : {});
