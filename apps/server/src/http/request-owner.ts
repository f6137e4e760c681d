import type { FastifyRequest } from 'fastify';
import { ownerOf, type Owner } from '../db/repos/owner-scope.js';
import { AppError } from './app-error.js';

/** The owner of what the caller reads and writes; routes behind requireUser/requireVisitor always have one. */
export function requestOwner(request: FastifyRequest): Owner {
  if (!request.identity) throw new AppError('UNAUTHORIZED');
  return ownerOf(request.identity);
}
