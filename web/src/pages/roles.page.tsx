// Roles: the built-in roles and the tenant's custom roles with their permissions; the custom role editor
// (name, description, permissions grouped by area) on the plans that offer custom roles, greyed with the
// reason on the others; editing and deleting a custom role.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  CreateRoleDocument,
  DeleteRoleDocument,
  RolesPageDocument,
  UpdateRoleDocument,
  type RolesPageQuery,
} from '../generated/graphql';
import { useSession } from '../session/session';
import { beyondHeld, draftProblem, grantable, roleEditorGate } from './roles.rules';
import { PermissionChecklist, useDialogTarget } from './team-parts';
import './team.css';

type RoleRow = RolesPageQuery['roles']['roles'][number];

const PAGE_SIZE = 50;

export default function RolesPage() {
  const { me } = useSession();
  const pages = useCursorPages();
  // The plan says whether custom roles can be made (the editor greys with the reason), for a role that may read it.
  const canReadUsage = useCan('usage:read');
  const [roles] = useQuery({
    query: RolesPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor, canReadUsage: canReadUsage.allowed },
  });
  const canManage = useCan('roles:manage');
  const [editing, setEditing] = useState<RoleRow | null>(null);
  const deleting = useDialogTarget<RoleRow>();
  const [saved, setSaved] = useState<string | null>(null);
  // Each save starts the editor afresh (empty, for a new role).
  const [generation, setGeneration] = useState(0);
  const held = me?.permissions ?? [];
  const columns: Column<RoleRow>[] = [
    {
      key: 'name',
      header: 'Role',
      cell: (row) => (
        <>
          <strong>{row.name}</strong>{' '}
          <span className={`badge ${row.builtIn ? 'badge-deactivated' : 'badge-active'}`}>
            {row.builtIn ? 'built in' : 'custom'}
          </span>
        </>
      ),
      sortValue: (row) => row.name,
    },
    { key: 'description', header: 'Description', cell: (row) => row.description, sortValue: (row) => row.description },
    {
      key: 'permissions',
      header: 'Permissions',
      cell: (row) => (
        <details>
          <summary>
            {row.permissions.length} permission{row.permissions.length === 1 ? '' : 's'}
          </summary>
          <ul className="permission-list">
            {row.permissions.map((permission) => (
              <li key={permission}>
                <code>{permission}</code>
              </li>
            ))}
          </ul>
        </details>
      ),
      sortValue: (row) => row.permissions.length,
      filterText: (row) => row.permissions.join(' '),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => {
        if (row.builtIn) return <span className="muted">fixed</span>;
        const missing = beyondHeld(row.permissions, held);
        const editReason = !canManage.allowed
          ? `Editing ${canManage.reason}`
          : missing.length
            ? `Editing needs ${missing.join(', ')}`
            : undefined;
        return (
          <div className="actions">
            <button
              type="button"
              className="button-secondary"
              disabled={editReason !== undefined}
              title={editReason}
              aria-label={`Edit ${row.name}`}
              onClick={() => {
                setSaved(null);
                setEditing(row);
              }}
            >
              Edit
            </button>
            <button
              type="button"
              className="button-danger"
              disabled={!canManage.allowed}
              title={canManage.allowed ? undefined : `Deleting ${canManage.reason}`}
              aria-label={`Delete ${row.name}`}
              onClick={() => deleting.show(row)}
            >
              Delete
            </button>
          </div>
        );
      },
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Roles</h1>
      <p className="lead">
        A member has one role; a role is a set of permissions. Built-in roles are the same in every tenant.
      </p>
      <RoleEditor
        key={`${editing?.id ?? 'new'}-${generation}`}
        editing={editing}
        usage={roles.data?.usage ?? null}
        onSaved={(text) => {
          setSaved(text);
          setEditing(null);
          setGeneration((current) => current + 1);
        }}
        onCancel={() => setEditing(null)}
      />
      {saved && (
        <p className="success" role="status">
          {saved}
        </p>
      )}
      <section className="section" aria-labelledby="list-title">
        <h2 id="list-title">Roles of this tenant</h2>
        <ErrorMessage error={roles.error} />
        {!roles.data && roles.fetching && <Loading label="Loading roles" />}
        {roles.data && (
          <>
            <DataTable
              caption={`Roles, page ${pages.pageNumber}`}
              rows={roles.data.roles.roles}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No role."
            />
            <Pager pages={pages} nextCursor={roles.data.roles.nextCursor} busy={roles.fetching} />
          </>
        )}
      </section>
      {deleting.target && (
        <DeleteRoleDialog key={deleting.key} role={deleting.target} open={deleting.open} onClose={deleting.close} />
      )}
    </section>
  );
}

function RoleEditor({
  editing,
  usage,
  onSaved,
  onCancel,
}: {
  editing: RoleRow | null;
  /** From the page's answer: null without usage:read, or while it loads. */
  usage: RolesPageQuery['usage'] | null;
  onSaved(text: string): void;
  onCancel(): void;
}) {
  const { me } = useSession();
  const canManage = useCan('roles:manage');
  const [created, create] = useMutation(CreateRoleDocument);
  const [updated, update] = useMutation(UpdateRoleDocument);
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [permissions, setPermissions] = useState<Set<string>>(() => new Set(editing?.permissions ?? []));
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Chosen for editing from the list below: the keyboard goes on here.
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  const held = me?.permissions ?? [];
  const gate = roleEditorGate({
    canManage,
    plan: usage?.plan ?? null,
    customRolesAllowed: usage?.customRolesAllowed ?? null,
  });
  const disabled = !gate.usable;
  const result = editing ? updated : created;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const draftIssue = draftProblem({ name, description, permissions });
    setProblem(draftIssue);
    if (draftIssue) return;
    const input = { name: name.trim(), description: description.trim(), permissions: grantable(permissions, held) };
    const outcome = editing ? await update({ id: editing.id, input }) : await create({ input });
    if (outcome.error) return;
    onSaved(editing ? `Saved the role ${input.name}.` : `Created the role ${input.name}.`);
  }

  return (
    <section className="card" aria-labelledby="editor-title">
      <h2 id="editor-title" ref={heading} tabIndex={-1}>
        {editing ? `Edit the role ${editing.name}` : 'Create a custom role'}
      </h2>
      {!gate.usable && (
        <p className="permission-note" id="editor-reason" data-testid="role-editor-reason">
          {gate.reason} {gate.why === 'plan' && <Link href="/usage">See the plans</Link>}
        </p>
      )}
      <form onSubmit={onSubmit} className="form" aria-describedby={disabled ? 'editor-reason' : undefined}>
        <Field
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          hint="Lowercase letters and digits, separated by - or _ (auditor, support-desk)."
          disabled={disabled}
          required
        />
        <Field
          label="Description"
          name="description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={disabled}
        />
        <PermissionChecklist
          legend="Permissions (only those you hold can be granted)"
          offered={held}
          selected={permissions}
          onChange={setPermissions}
          disabled={disabled}
          describedBy={disabled ? 'editor-reason' : undefined}
        />
        {problem && (
          <p className="error-message" role="alert">
            {problem}
          </p>
        )}
        <ErrorMessage error={result.error} />
        <div className="actions">
          <button
            type="submit"
            disabled={disabled || result.fetching}
            aria-describedby={disabled ? 'editor-reason' : undefined}
          >
            {result.fetching ? 'Saving…' : editing ? 'Save changes' : 'Create role'}
          </button>
          {editing && (
            <button type="button" className="button-secondary" onClick={onCancel}>
              Cancel editing
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function DeleteRoleDialog({ role, open, onClose }: { role: RoleRow; open: boolean; onClose(): void }) {
  const [result, remove] = useMutation(DeleteRoleDocument);
  return (
    <ConfirmDialog
      open={open}
      title={`Delete the role ${role.name}?`}
      confirmLabel="Delete"
      busy={result.fetching}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await remove({ id: role.id });
        if (!outcome.error) onClose();
      }}
    >
      <p>It cannot be deleted while a member or a pending invitation holds it: give them another role first.</p>
      <ErrorMessage error={result.error} />
    </ConfirmDialog>
  );
}
