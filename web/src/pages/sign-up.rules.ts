// The slug proposed from an organisation's name, in the service's slug syntax (lowercase letters and digits
// separated by single hyphens, src/modules/auth/auth.inputs.ts); the person may still edit it.
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}
