// Joining a tenant by invitation, signed out: the invitee creates their account with the invitation's token
// (their email is the invited one), and is signed in there. Someone who has an account signs in and accepts
// with it instead (the accept page). The link the inviter hands on leads here (invitations.rules.ts).
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useClient, type CombinedError } from 'urql';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { AcceptInvitationDocument } from '../generated/graphql';
import { useSession } from '../session/session';
import { acceptPath, tokenOfJoinSearch, tokenProblem } from './invitations.rules';
import { signInPath } from './navigation';

export default function JoinPage() {
  const client = useClient();
  const session = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [token, setToken] = useState(() => tokenOfJoinSearch(search));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CombinedError | Error | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const problem = tokenProblem(token.trim());
    if (problem) return setError(new Error(problem));
    setBusy(true);
    setError(null);
    const result = await client
      .mutation(AcceptInvitationDocument, {
        input: {
          token: token.trim(),
          displayName: String(form.get('displayName')),
          password: String(form.get('password')),
        },
      })
      .toPromise();
    setBusy(false);
    if (result.error || !result.data?.acceptInvitation) {
      setError(result.error ?? new Error('The service did not accept the invitation.'));
      return;
    }
    session.signIn(result.data.acceptInvitation.token);
    navigate('/', { replace: true });
  }

  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">Join a team</h1>
      <p>
        You were invited to a tenant of this service. Create your account to join it: your email is the one the
        invitation was sent to.
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
        <Field label="Your name" name="displayName" autoComplete="name" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint="At least 8 characters."
          required
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Joining…' : 'Create account and join'}
        </button>
      </form>
      <p>
        Already have an account?{' '}
        <Link href={signInPath(token.trim() ? acceptPath(token.trim()) : '/accept-invitation')}>Sign in to accept</Link>
      </p>
    </section>
  );
}
