export const agentKeyQueryKeys = {
  list: (appId: string) => ['agent-keys', appId] as const,
};
