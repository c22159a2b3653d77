// Invitations: invite someone by email with a role, the link to hand them (shown once, as the service gives
// the token only now), the pending invitations a page at a time, and revoking one (which frees its seat).
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useCan } from '../access/can';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { Loading } from '../components/loading';
import { Pager, useCursorPages } from '../components/use-cursor-pages';
import {
  InvitationsPageDocument,
  InviteMemberDocument,
  RevokeInvitationDocument,
  type InvitationsPageQuery,
  type InviteMemberMutation,
} from '../generated/graphql';
import { useSession } from '../session/session';
import { invitationLink } from './invitations.rules';
import { formatTime } from './overview.rules';
import { beyondHeld } from './roles.rules';
import { RoleSelect, ShownOnce, useDialogTarget } from './team-parts';
import './team.css';

type InvitationRow = InvitationsPageQuery['invitations']['invitations'][number];
type Created = NonNullable<InviteMemberMutation['inviteMember']>;

const PAGE_SIZE = 25;
/** Where the app is served (vite.config.ts `base`), without the final slash. */
const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

export default function InvitationsPage() {
  const pages = useCursorPages();
  const canInvite = useCan(['members:invite', 'roles:list']);
  const [invitations] = useQuery({
    query: InvitationsPageDocument,
    variables: { limit: PAGE_SIZE, cursor: pages.cursor, canInvite: canInvite.allowed },
    // An empty page names no Invitation: without this, the first invitation would not refresh the list.
    context: useMemo(() => ({ additionalTypenames: ['Invitation'] }), []),
  });
  const canRevoke = useCan('members:invite');
  const revoking = useDialogTarget<InvitationRow>();
  const columns: Column<InvitationRow>[] = [
    { key: 'email', header: 'Email', cell: (row) => row.email, sortValue: (row) => row.email },
    { key: 'role', header: 'Role', cell: (row) => row.role, sortValue: (row) => row.role },
    {
      key: 'createdAt',
      header: 'Invited',
      cell: (row) => formatTime(row.createdAt),
      sortValue: (row) => row.createdAt,
    },
    {
      key: 'expiresAt',
      header: 'Expires',
      cell: (row) => formatTime(row.expiresAt),
      sortValue: (row) => row.expiresAt,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (row) => (
        <button
          type="button"
          className="button-danger"
          disabled={!canRevoke.allowed}
          title={canRevoke.allowed ? undefined : `Revoking ${canRevoke.reason}`}
          aria-label={`Revoke the invitation of ${row.email}`}
          onClick={() => revoking.show(row)}
        >
          Revoke
        </button>
      ),
    },
  ];
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Invitations</h1>
      <InviteForm roles={invitations.data?.roles?.roles ?? []} />
      <section className="section" aria-labelledby="pending-title">
        <h2 id="pending-title">Pending invitations</h2>
        <p className="muted">Each holds a seat of your plan until it is accepted, revoked, or expires after 7 days.</p>
        {!canRevoke.allowed && <p className="permission-note">Revoking an invitation {canRevoke.reason}.</p>}
        <ErrorMessage error={invitations.error} />
        {!invitations.data && invitations.fetching && <Loading label="Loading invitations" />}
        {invitations.data && (
          <>
            <DataTable
              caption={`Pending invitations, page ${pages.pageNumber}`}
              rows={invitations.data.invitations.invitations}
              columns={columns}
              rowKey={(row) => row.id}
              empty="No pending invitation."
            />
            <Pager pages={pages} nextCursor={invitations.data.invitations.nextCursor} busy={invitations.fetching} />
          </>
        )}
      </section>
      {revoking.target && (
        <RevokeDialog key={revoking.key} invitation={revoking.target} open={revoking.open} onClose={revoking.close} />
      )}
    </section>
  );
}

/** `roles`: the roles one may be invited with, from the page's answer. */
function InviteForm({ roles: options }: { roles: NonNullable<InvitationsPageQuery['roles']>['roles'] }) {
  const { me } = useSession();
  const can = useCan(['members:invite', 'roles:list']);
  const [result, invite] = useMutation(InviteMemberDocument);
  const [created, setCreated] = useState<Created | null>(null);
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const held = me?.permissions ?? [];
  // The least a new member may need: viewer when it can be granted, else the first role that can.
  const fallback =
    options.find((role) => role.name === 'viewer' && beyondHeld(role.permissions, held).length === 0) ??
    options.find((role) => beyondHeld(role.permissions, held).length === 0);
  const roleId = chosen ?? fallback?.id ?? '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await invite({ input: { email: email.trim(), roleId } });
    if (outcome.data?.inviteMember) {
      setCreated(outcome.data.inviteMember);
      setEmail('');
    }
  }

  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite someone</h2>
      <form onSubmit={onSubmit} className="form form-row">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={!can.allowed}
          required
        />
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <RoleSelect
            id="invite-role"
            roles={options}
            held={held}
            value={roleId}
            onChange={setChosen}
            disabled={!can.allowed || options.length === 0}
          />
        </div>
        <button
          type="submit"
          disabled={!can.allowed || result.fetching || !roleId}
          aria-describedby={can.allowed ? undefined : 'invite-needs'}
        >
          {result.fetching ? 'Inviting…' : 'Invite'}
        </button>
      </form>
      {!can.allowed && (
        <p className="permission-note" id="invite-needs">
          Inviting {can.reason}.
        </p>
      )}
      <ErrorMessage error={result.error} />
      {created && (
        <ShownOnce
          title={`Invitation for ${created.invitation.email} (${created.invitation.role})`}
          label="Invitation link"
          value={invitationLink(window.location.origin, BASE, created.token)}
          warning="This link is shown only now: the service keeps no copy of its token. Send it to the invitee yourself (the service sends no email)."
          onDone={() => setCreated(null)}
        >
          <p>
            The link opens a page where they create their account, or accept with the account they have. It holds the
            invitation’s token, <code className="did">{created.token}</code>, which they can also paste there. It
            expires on {formatTime(created.invitation.expiresAt)}.
          </p>
        </ShownOnce>
      )}
    </section>
  );
}

function RevokeDialog({ invitation, open, onClose }: { invitation: InvitationRow; open: boolean; onClose(): void }) {
  const [result, revoke] = useMutation(RevokeInvitationDocument);
  return (
    <ConfirmDialog
      open={open}
      title="Revoke this invitation?"
      confirmLabel="Revoke"
      busy={result.fetching}
      onCancel={onClose}
      onConfirm={async () => {
        const outcome = await revoke({ id: invitation.id });
        if (!outcome.error) onClose();
      }}
    >
      <p>
        {invitation.email} ({invitation.role}) can no longer join with it. It frees a seat of your plan.
      </p>
      <ErrorMessage error={result.error} />
    </ConfirmDialog>
  );
}
