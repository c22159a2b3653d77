// Accepting an invitation while signed in: the member's account (its email must be the invited one) joins
// the inviting tenant, and the dashboard moves to it (a new session there; the one before is ended, as when
// choosing a tenant at sign-in).
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useClient, type CombinedError } from 'urql';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { AcceptInvitationDocument, LogoutDocument } from '../generated/graphql';
import { useSession } from '../session/session';
import { tokenOfAcceptSearch, tokenProblem } from './invitations.rules';

export default function AcceptInvitationPage() {
  const client = useClient();
  const session = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [token, setToken] = useState(() => tokenOfAcceptSearch(search));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CombinedError | Error | null>(null);
  const me = session.me;
  const tenant = me?.tenants.find((membership) => membership.id === me.tenantId);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = tokenProblem(token.trim());
    if (problem) return setError(new Error(problem));
    const previous = session.token;
    setBusy(true);
    setError(null);
    const result = await client.mutation(AcceptInvitationDocument, { input: { token: token.trim() } }).toPromise();
    if (result.error || !result.data?.acceptInvitation) {
      setBusy(false);
      setError(result.error ?? new Error('The service did not accept the invitation.'));
      return;
    }
    session.signIn(result.data.acceptInvitation.token);
    // The session in the tenant left behind ends (a late 401 to it no longer concerns the new one).
    if (previous) void client.mutation(LogoutDocument, {}, { sessionToken: previous }).toPromise();
    navigate('/', { replace: true });
  }

  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">Accept an invitation</h1>
      <p>
        Join the inviting tenant with your account, {me?.email}. You then work in it;{' '}
        {tenant?.name ?? 'your current tenant'} stays yours to choose at sign-in.
      </p>
      <form onSubmit={onSubmit} className="form">
        <Field
          label="Invitation token"
          name="token"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          hint="Filled in from your link; starts with bsi_."
          autoComplete="off"
          spellCheck={false}
          required
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Accepting…' : 'Accept and join'}
        </button>
      </form>
    </section>
  );
}
