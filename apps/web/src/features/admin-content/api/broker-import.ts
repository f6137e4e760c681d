import { adminContentPaths, type BrokerImportPreview, type BrokerImportResult, type ImportBrokersRequest, type PreviewBrokersRequest } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST previewBrokers: what the file would add and change; nothing is written. */
export function previewBrokers(request: PreviewBrokersRequest): Promise<BrokerImportPreview> {
  return http.post<BrokerImportPreview>(`/api${adminContentPaths.previewBrokers}`, request);
}

/** POST importBrokers: the previewed file, all rows or none. */
export function importBrokers(request: ImportBrokersRequest): Promise<BrokerImportResult> {
  return http.post<BrokerImportResult>(`/api${adminContentPaths.importBrokers}`, request);
}

export const usePreviewBrokers = () => useMutation({ mutationFn: previewBrokers });
export const useImportBrokers = () => useMutation({ mutationFn: importBrokers });
