import { agentSharePaths, type AgentShareNumData } from '@parley/contracts';
import { http } from '../../../lib/http';

/** GET chat/get/shareNum {id}: the agent's share number and landing page path (made on first ask). */
export function getShareNum(id: string): Promise<AgentShareNumData> {
  return http.get<AgentShareNumData>(`/api${agentSharePaths.shareNum}`, { id });
}
