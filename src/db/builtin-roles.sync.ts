// Keeps the built-in role rows equal to the code's table (src/auth/builtin-roles.ts). One atomic
// INSERT … ON CONFLICT per role, so several instances starting at once may all run it.
import type { PrismaClient } from '../generated/prisma/client.js';
import { BUILTIN_ROLES } from '../auth/builtin-roles.js';

export async function syncBuiltinRoles(prisma: PrismaClient): Promise<void> {
  for (const role of BUILTIN_ROLES) {
    await prisma.$executeRaw`
      INSERT INTO roles (id, tenant_id, name, description, permissions, built_in, created_at, updated_at)
      VALUES (${role.id}::uuid, NULL, ${role.name}, ${role.description}, ${[...role.permissions]}::text[], true, now(), now())
      ON CONFLICT (id) DO UPDATE
        SET name = EXCLUDED.name, description = EXCLUDED.description, permissions = EXCLUDED.permissions,
            built_in = true, tenant_id = NULL, updated_at = now()
        WHERE (roles.name, roles.description, roles.permissions, roles.built_in)
              IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description, EXCLUDED.permissions, true)`;
  }
}
