// Sign in: email and password; a member of several tenants then chooses the tenant to work in (the login
// answers with a session in the first tenant joined; another choice is a login into that tenant, and the
// first session is ended at once).
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useClient, type CombinedError } from 'urql';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { LoginDocument, LogoutDocument, MeDocument, type MeQuery } from '../generated/graphql';
import { useSession } from '../session/session';
import { nextPath } from './navigation';

type Choice = { token: string; me: MeQuery['me']; email: string; password: string };

export default function SignInPage() {
  const client = useClient();
  const session = useSession();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CombinedError | Error | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);

  const finish = (token: string) => {
    session.signIn(token);
    navigate(nextPath(search), { replace: true });
  };

  async function login(email: string, password: string, tenantSlug?: string) {
    const result = await client.mutation(LoginDocument, { input: { email, password, tenantSlug: tenantSlug ?? null } }).toPromise();
    if (result.error || !result.data?.login) throw result.error ?? new Error('The service did not sign you in.');
    return result.data.login.token;
  }

  async function onCredentials(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email'));
    const password = String(form.get('password'));
    setBusy(true);
    setError(null);
    try {
      const token = await login(email, password);
      const me = await client.query(MeDocument, {}, { sessionToken: token, requestPolicy: 'network-only' }).toPromise();
      if (me.error || !me.data) throw me.error ?? new Error('The service did not say who you are.');
      if (me.data.me.tenants.length > 1) setChoice({ token, me: me.data.me, email, password });
      else finish(token);
    } catch (caught) {
      setError(caught as Error);
    } finally {
      setBusy(false);
    }
  }

  async function onTenant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) return;
    const tenantId = String(new FormData(event.currentTarget).get('tenant'));
    const tenant = choice.me.tenants.find((membership) => membership.id === tenantId);
    if (!tenant || tenant.id === choice.me.tenantId) return finish(choice.token);
    setBusy(true);
    setError(null);
    try {
      const token = await login(choice.email, choice.password, tenant.slug);
      await client.mutation(LogoutDocument, {}, { sessionToken: choice.token }).toPromise();
      finish(token);
    } catch (caught) {
      setError(caught as Error);
      setBusy(false);
    }
  }

  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      {session.ended === 'expired' && !choice && (
        <p className="notice" role="status">
          Your session has ended. Sign in again to go on.
        </p>
      )}
      {session.ended === 'signed-out' && !choice && (
        <p className="notice" role="status">
          You have signed out.
        </p>
      )}
      {choice ? (
        <form onSubmit={onTenant} className="form">
          <fieldset>
            <legend>Choose a tenant</legend>
            {choice.me.tenants.map((tenant) => (
              <label key={tenant.id} className="choice">
                <input type="radio" name="tenant" value={tenant.id} defaultChecked={tenant.id === choice.me.tenantId} />
                {tenant.name} <span className="muted">({tenant.slug}, {tenant.role})</span>
              </label>
            ))}
          </fieldset>
          <ErrorMessage error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Continue'}
          </button>
        </form>
      ) : (
        <form onSubmit={onCredentials} className="form">
          <Field label="Email" name="email" type="email" autoComplete="username" required />
          <Field label="Password" name="password" type="password" autoComplete="current-password" required />
          <ErrorMessage error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <p>
            No account yet? <Link href="/sign-up">Sign up</Link>
          </p>
        </form>
      )}
    </section>
  );
}
