// GET /api/admin/usuarios: the admin's own application's portal users, paged (never a password).
// POST /api/admin/usuarios: portal users. An admin creates users in its own application; a
// platform admin (`plataforma` token) may name any application with `aplicacaoId` and may make
// another platform admin. The answer never carries the password.
import type * as z from 'zod/mini';
import { dynamoApplicationRepository, portalUserPage } from '#shared/db/applications';
import type { PortalUser } from '#shared/domain/applications/records';
import { createPortalUser } from '#shared/domain/portal-users';
import { notFound } from '#shared/domain/errors';
import { HttpError } from '#shared/http/errors';
import { elementsPageOf } from '#shared/domain/paging';
import { json, type Operations } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { validate } from '#shared/http/validation';
import { isPlatformAdmin } from '#shared/http/platform-admin';
import { userCreateBody } from './requests.ts';
import type { adminContract, portalUser } from './contract.ts';

const repo = dynamoApplicationRepository();

const view = (user: PortalUser): z.output<typeof portalUser> => ({
  id: user.id,
  nome: user.nome,
  email: user.email,
  role: user.role,
  aplicacaoId: user.aplicacaoId,
  ...(user.prestadorId !== undefined ? { prestadorId: user.prestadorId } : {}),
  ...(user.telefone !== undefined ? { telefone: user.telefone } : {}),
  ...(user.plataforma ? { plataforma: true } : {}),
});

export const userOperations: Operations<'admin', typeof adminContract> = {
  'GET /api/admin/usuarios': async (request) => {
    const paging = readPaging(request.query);
    const { content, total } = await portalUserPage(request.principal.aplicacaoId, paging.page, paging.size);
    return json(200, elementsPageOf(content.map(view), total, paging));
  },

  'POST /api/admin/usuarios': async (request) => {
    const input = validate(userCreateBody, request.body);
    const own = request.principal.aplicacaoId;
    const platformAdmin = isPlatformAdmin(request.principal);
    // Another application is, for a tenant's admin, an application that does not exist (404, never 403).
    if (input.aplicacaoId !== undefined && input.aplicacaoId !== own && !platformAdmin) {
      throw notFound('aplicacao');
    }
    if (input.plataforma && !platformAdmin) throw new HttpError(403, 'forbidden', 'Only a platform admin can create a platform admin');
    const user = await createPortalUser(repo, { ...input, aplicacaoId: input.aplicacaoId ?? own }, new Date());
    return json(201, view(user));
  },
};
