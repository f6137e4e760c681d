import type { FastifyRequest } from 'fastify';
import { ownerOf, type Owner } from '../db/repos/owner-scope.js';
import { AppError } from '../platform/app-error.js';
import { userTokenOf } from '../plugins/identity.js';
import { hashToken } from '../services/accounts/opaque-token.js';

/** The owner of what the caller reads and writes; routes behind requireUser/requireVisitor always have one. */
export function requestOwner(request: FastifyRequest): Owner {
  if (!request.identity) throw new AppError('UNAUTHORIZED');
  return ownerOf(request.identity);
}

/** The signed-in user's session (the hash of their token); undefined for visitors. */
export function sessionKeyOf(request: FastifyRequest): string | undefined {
  const token = request.identity?.kind === 'user' ? userTokenOf(request) : undefined;
  return token ? hashToken(token) : undefined;
}

/** The signed-in user's id, for routes behind requireUser. */
export function requestUserId(request: FastifyRequest): string {
  if (request.identity?.kind !== 'user') throw new AppError('UNAUTHORIZED');
  return request.identity.userId;
}
