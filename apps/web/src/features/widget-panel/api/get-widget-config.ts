import { widgetPaths, type WidgetConfigData } from '@parley/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, networkErrorCode } from '../../../lib/http';
import { readBody, readEnvelope } from '../../../lib/http/read-envelope';

/**
 * GET /api/widget/config: the agent as the panel shows it. Fetched as it is, without tokens: the
 * HTTP client would send it to its visitor twin.
 */
export async function getWidgetConfig(appId: string): Promise<WidgetConfigData> {
  let response: Response;
  try {
    response = await fetch(`${widgetPaths.config}?${new URLSearchParams({ appId }).toString()}`, { headers: { accept: 'application/json' } });
  } catch {
    throw new HttpError({ code: networkErrorCode, status: 0, msg: '' });
  }
  const envelope = readEnvelope(await readBody(response));
  if (response.ok && envelope.code === 0) return envelope.data as WidgetConfigData;
  throw new HttpError({ code: envelope.code ?? response.status, status: response.status, msg: envelope.msg, data: envelope.data });
}

export function widgetConfigQueryOptions(appId: string) {
  return queryOptions({ queryKey: ['widget-config', appId], queryFn: () => getWidgetConfig(appId), retry: false, staleTime: 5 * 60 * 1000 });
}

export function useWidgetConfig(appId: string) {
  return useQuery(widgetConfigQueryOptions(appId));
}
