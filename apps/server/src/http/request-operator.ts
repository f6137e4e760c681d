import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/app-error.js';
import type { Operator } from '../services/admin/audit-service.js';

/** The operator making a console call; routes behind requireOperator always have one. */
export function requestOperator(request: FastifyRequest): Exclude<Operator, 'cli'> {
  if (!request.operator) throw new AppError('ROUTE_NOT_FOUND');
  return request.operator;
}
