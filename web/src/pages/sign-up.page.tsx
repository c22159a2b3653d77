// Sign up: a person and their organisation in one step (register); they become its owner on the Developer plan.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { useClient, type CombinedError } from 'urql';
import { ErrorMessage } from '../components/error-message';
import { Field } from '../components/field';
import { RegisterDocument } from '../generated/graphql';
import { useSession } from '../session/session';
import { slugOf } from './sign-up.rules';

export default function SignUpPage() {
  const client = useClient();
  const session = useSession();
  const [, navigate] = useLocation();
  const [tenantName, setTenantName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CombinedError | Error | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await client
      .mutation(RegisterDocument, {
        input: {
          displayName: String(form.get('displayName')),
          email: String(form.get('email')),
          password: String(form.get('password')),
          tenantName: String(form.get('tenantName')),
          tenantSlug: String(form.get('tenantSlug')),
        },
      })
      .toPromise();
    setBusy(false);
    if (result.error || !result.data?.register) {
      setError(result.error ?? new Error('The service did not create the account.'));
      return;
    }
    session.signIn(result.data.register.token);
    navigate('/', { replace: true });
  }

  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">Sign up</h1>
      <p>Create your account and your organisation. You become its owner, on the free Developer plan.</p>
      <form onSubmit={onSubmit} className="form">
        <Field label="Your name" name="displayName" autoComplete="name" required />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint="At least 8 characters."
          required
        />
        <Field
          label="Organisation name"
          name="tenantName"
          autoComplete="organization"
          value={tenantName}
          onChange={(event) => setTenantName(event.target.value)}
          required
        />
        <Field
          label="Organisation slug"
          name="tenantSlug"
          hint="Lowercase letters and digits separated by hyphens; unique. It names your organisation at sign-in."
          value={slug ?? slugOf(tenantName)}
          onChange={(event) => setSlug(event.target.value)}
          required
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
        <p>
          Already have an account? <Link href="/sign-in">Sign in</Link>
        </p>
      </form>
    </section>
  );
}
