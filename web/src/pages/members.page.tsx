// Members: who belongs to the tenant and with which role, a page at a time; changing a member's role and
// removing a member (their sessions here end and their API keys are revoked), each after a confirmation.
import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  MembersPageDocument,
  RemoveMemberDocument,
  RolesDocument,
  UpdateMemberRoleDocument,
  type MembersPageQuery,
} from '../generated/graphql';
import { useSession } from '../session/session';
import { formatTime } from './overview.rules';
import { RoleSelect, useDialogTarget } from './team-parts';
import './team.css';

type MemberRow = MembersPageQuery['members']['members'][number];

const PAGE_SIZE = 25;

export default function MembersPage() {
  const { me } = useSession();
  const pages = useCursorPages();
  const [members] = useQuery({
    query: MembersPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor },
    requestPolicy: 'cache-and-network',
  });
  const canChange = useCan(['members:update_role', 'roles:list']);
  const canRemove = useCan('members:remove');
  const changing = useDialogTarget<MemberRow>();
  const removing = useDialogTarget<MemberRow>();
  const columns: Column<MemberRow>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (row) => (
        <>
          {row.displayName}
          {row.userId === me?.userId && <span className="muted"> (you)</span>}
        </>
      ),
      sortValue: (row) => row.displayName,
    },
    { key: 'email', header: 'Email', cell: (row) => row.email, sortValue: (row) => row.email },
    {
      key: 'role',
      header: 'Role',
      cell: (row) => <span className="badge badge-active">{row.role}</span>,
      sortValue: (row) => row.role,
    },
    { key: 'joinedAt', header: 'Joined', cell: (row) => formatTime(row.joinedAt), sortValue: (row) => row.joinedAt },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="actions">
          <button
            type="button"
            className="button-secondary"
            disabled={!canChange.allowed}
            title={canChange.allowed ? undefined : `Changing a role ${canChange.reason}`}
            aria-label={`Change role of ${row.email}`}
            onClick={() => changing.show(row)}
          >
            Change role
          </button>
          {row.userId !== me?.userId && (
            <button
              type="button"
              className="button-danger"
              disabled={!canRemove.allowed}
              title={canRemove.allowed ? undefined : `Removing a member ${canRemove.reason}`}
              aria-label={`Remove ${row.email}`}
              onClick={() => removing.show(row)}
            >
              Remove
            </button>
          )}
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Members</h1>
      <p className="lead">The people of this tenant and their roles. Invite someone from Invitations.</p>
      {!canChange.allowed && <p className="permission-note">Changing a member’s role {canChange.reason}.</p>}
      {!canRemove.allowed && <p className="permission-note">Removing a member {canRemove.reason}.</p>}
      <ErrorMessage error={members.error} />
      {!members.data && members.fetching && <Loading label="Loading members" />}
      {members.data && (
        <>
          <DataTable
            caption={`Members, page ${pages.pageNumber}`}
            rows={members.data.members.members}
            columns={columns}
            rowKey={(row) => row.userId}
            empty="No member."
          />
          <Pager pages={pages} nextCursor={members.data.members.nextCursor} busy={members.fetching} />
        </>
      )}
      {changing.target && (
        <ChangeRoleDialog key={changing.key} member={changing.target} open={changing.open} onClose={changing.close} />
      )}
      {removing.target && (
        <RemoveMemberDialog key={removing.key} member={removing.target} open={removing.open} onClose={removing.close} />
      )}
    </section>
  );
}

function ChangeRoleDialog({ member, open, onClose }: { member: MemberRow; open: boolean; onClose(): void }) {
  const session = useSession();
  const [roles] = useQuery({ query: RolesDocument, variables: { limit: 100 }, pause: !open });
  const [result, update] = useMutation(UpdateMemberRoleDocument);
  const [roleId, setRoleId] = useState(member.roleId);
  const options = useMemo(() => roles.data?.roles.roles ?? [], [roles.data]);
  return (
    <ConfirmDialog
      open={open}
      title={`Change the role of ${member.displayName}`}
      confirmLabel="Change role"
      busy={result.fetching}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await update({ userId: member.userId, input: { roleId } });
        if (outcome.error) return;
        // One's own role changed: the permissions shown change with it.
        if (member.userId === session.me?.userId) session.refreshMe();
        onClose();
      }}
    >
      <p>
        {member.email} is <strong>{member.role}</strong>. The new role applies from their next request.
      </p>
      <ErrorMessage error={roles.error} />
      {roles.data && (
        <div className="field">
          <label htmlFor="member-role">New role</label>
          <RoleSelect
            id="member-role"
            roles={options}
            held={session.me?.permissions ?? []}
            value={roleId}
            onChange={setRoleId}
          />
        </div>
      )}
      <ErrorMessage error={result.error} />
    </ConfirmDialog>
  );
}

function RemoveMemberDialog({ member, open, onClose }: { member: MemberRow; open: boolean; onClose(): void }) {
  const [result, remove] = useMutation(RemoveMemberDocument);
  return (
    <ConfirmDialog
      open={open}
      title={`Remove ${member.displayName}?`}
      confirmLabel="Remove"
      busy={result.fetching}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await remove({ userId: member.userId });
        if (!outcome.error) onClose();
      }}
    >
      <p>
        {member.email} ({member.role}) leaves the tenant: their sessions here end at once and the API keys they created
        are revoked. Their account stays, and they can be invited again.
      </p>
      <ErrorMessage error={result.error} />
    </ConfirmDialog>
  );
}
