// Keeps the built-in role rows equal to the code's table (src/auth/builtin-roles.ts). Idempotent, so
// several instances starting at once may all run it.
import type { PrismaClient } from '../generated/prisma/client.js';
import { BUILTIN_ROLES } from '../auth/builtin-roles.js';

export async function syncBuiltinRoles(prisma: PrismaClient): Promise<void> {
  for (const role of BUILTIN_ROLES) {
    const data = {
      name: role.name,
      description: role.description,
      permissions: [...role.permissions],
      builtIn: true,
      tenantId: null,
    };
    await prisma.role.upsert({ where: { id: role.id }, create: { id: role.id, ...data }, update: data });
  }
}
