import { promptPaths, type ImportPromptUrlData } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /api/prompts/import-url {url}: the server fetches the public JSON file and returns it parsed. */
export async function fetchPromptList(url: string): Promise<unknown> {
  // The tab says what went wrong in the spec's words, so the client's toast stays quiet.
  const { json } = await http.post<ImportPromptUrlData>(`/api${promptPaths.importUrl}`, { url }, { silent: true });
  return json;
}

export function useFetchPromptList() {
  return useMutation({ mutationFn: fetchPromptList });
}
