// Permission gating for controls: <Can permission="dids:create"> renders its children when the signed-in
// member holds the permission, else its fallback (by default a note naming the permission); useCan() gives
// the same verdict for controls that stay visible but disabled. `me.permissions` decides; the server still
// refuses whatever the role may not do.
import type { ReactNode } from 'react';
import { useSession } from '../session/session';
import { missingPermissions, missingText, type Permission } from './permissions';

export type CanVerdict = { allowed: boolean; missing: Permission[]; reason: string };

export function verdict(granted: readonly string[], needed: Permission | readonly Permission[]): CanVerdict {
  const missing = missingPermissions(granted, typeof needed === 'string' ? [needed] : needed);
  return { allowed: missing.length === 0, missing, reason: missingText(missing) };
}

export function useCan(needed: Permission | readonly Permission[]): CanVerdict {
  const { me } = useSession();
  return verdict(me?.permissions ?? [], needed);
}

export function Can({
  permission,
  children,
  fallback,
}: {
  permission: Permission | readonly Permission[];
  children: ReactNode;
  /** Shown instead when not allowed; default: a note naming the missing permission. `null` shows nothing. */
  fallback?: ReactNode;
}) {
  const can = useCan(permission);
  if (can.allowed) return <>{children}</>;
  return <>{fallback === undefined ? <PermissionNote missing={can.missing} /> : fallback}</>;
}

export function PermissionNote({ missing, id }: { missing: readonly Permission[]; id?: string }) {
  const { me } = useSession();
  return (
    <p className="permission-note" id={id}>
      Your role{me ? ` (${me.role})` : ''} {missingText(missing)}.
    </p>
  );
}
