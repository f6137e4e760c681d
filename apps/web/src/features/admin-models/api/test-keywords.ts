import { adminModelsPaths, type KeywordsTestResult } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /api/admin/models/keywords/test {text}: the listed word the text contains, if any. */
export function testKeywords(text: string): Promise<KeywordsTestResult> {
  return http.post<KeywordsTestResult>(`/api${adminModelsPaths.testKeywords}`, { text }, { silent: true });
}

export function useTestKeywords() {
  return useMutation({ mutationFn: testKeywords });
}
