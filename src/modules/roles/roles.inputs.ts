// Input rules for custom roles, shared by both transports.
import { z } from 'zod';
import { isPermission, PERMISSIONS } from '../../auth/permissions.js';

/** Role names appear in 403 texts (`role '<name>' lacks permission: …`): keep them short and plain. */
export const ROLE_NAME_PATTERN = /^[a-z0-9]+([_-][a-z0-9]+)*$/;

const name = z
  .string({ error: (issue) => (issue.input == null ? 'name is required' : 'name must be a string') })
  .trim()
  .min(1, { error: 'name is required' })
  .max(50, { error: 'name must be at most 50 characters' })
  .regex(ROLE_NAME_PATTERN, { error: 'name must be lowercase letters and digits, separated by single - or _' })
  .meta({ description: 'Lowercase letters and digits separated by - or _.', examples: ['auditor'] });

const description = z.string({ error: 'description must be a string' }).trim().max(500, {
  error: 'description must be at most 500 characters',
});

/** Known permissions, de-duplicated, in catalogue order. */
const permissions = z
  .array(z.string({ error: 'permissions must be strings' }), {
    error: (issue) => (issue.input == null ? 'permissions is required' : 'permissions must be an array'),
  })
  .min(1, { error: 'permissions must name at least one permission' })
  .superRefine((values, ctx) => {
    const unknown = values.find((value) => !isPermission(value));
    if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `unknown permission: ${unknown}` });
  })
  .transform((values) => PERMISSIONS.filter((permission) => values.includes(permission)))
  .meta({ description: 'A subset of your own permissions.', examples: [['audit:read', 'usage:read']] });

export const createRoleInput = z.object({ name, description: description.nullish(), permissions });
export const updateRoleInput = z.object({
  name: name.nullish(),
  description: description.nullish(),
  permissions: permissions.nullish(),
});
