import { adminModelsPaths, type ModelsOverview } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { modelKeys } from './model-keys';

/** GET /api/admin/models: the set-up (no keys), and today's answers and failures by model. */
export function getModelsOverview(signal?: AbortSignal): Promise<ModelsOverview> {
  // the page shows its own error with a retry
  return http.get<ModelsOverview>(`/api${adminModelsPaths.overview}`, undefined, { signal, silent: true });
}

export function modelsOverviewQueryOptions() {
  return queryOptions({ queryKey: modelKeys.overview(), queryFn: ({ signal }) => getModelsOverview(signal) });
}

export function useModelsOverview() {
  return useQuery(modelsOverviewQueryOptions());
}
