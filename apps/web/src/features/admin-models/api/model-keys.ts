export const modelKeys = {
  all: ['admin', 'models'] as const,
  overview: () => [...modelKeys.all, 'overview'] as const,
  keywords: () => [...modelKeys.all, 'keywords'] as const,
};
