export const knowledgeKeys = {
  all: (appId: string) => ['knowledge', appId] as const,
  files: (appId: string) => ['knowledge', appId, 'files'] as const,
  chunks: (appId: string, fileId: string) => ['knowledge', appId, 'chunks', fileId] as const,
  entries: (appId: string) => ['knowledge', appId, 'entries'] as const,
  unanswered: (appId: string) => ['knowledge', appId, 'unanswered'] as const,
};
