import { type FormEvent, useState } from 'react';
import { accounts } from '../api/admin-api.js';
import { t } from '../messages.js';
import { Link, navigate, useLocation } from '../routing/router.js';
import { paths, returnPathOf } from '../routing/routes.js';
import { useSession } from '../session.js';
import { useAction } from '../ui/async.js';
import { Button, ErrorBox, TextField } from '../ui/controls.js';
import { PageTitle } from '../ui/page-title.js';

/** A simple address check before asking the server (which checks properly). */
export const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * The message at an email field, or undefined when the address looks right: an empty field asks for an
 * address (R5.12.1), a mistyped one shows the form an address has (R5.12.2), which says more than
 * "invalid".
 */
export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return t.emailRequired;
  return looksLikeEmail(email) ? undefined : t.emailForm;
}

export function SignIn() {
  const { search } = useLocation();
  const { setSession } = useSession();
  const action = useAction();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const returnTo = returnPathOf(search);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const emailMessage = emailProblem(email);
    if (emailMessage) problems.email = emailMessage;
    if (!password) problems.password = t.passwordMissing;
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const session = await action.run(() => accounts.signIn({ email: email.trim(), password }));
    if (session) {
      setSession(session);
      navigate(returnTo, { replace: true });
    } else setPassword('');
  };

  const fields = { ...action.error?.fields, ...fieldErrors };
  return (
    <div className="narrow">
      <PageTitle>{t.signInTitle}</PageTitle>
      <form className="form card" onSubmit={submit} noValidate>
        <ErrorBox error={action.error} />
        <TextField
          label={t.email}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields.email}
          required
        />
        <TextField
          label={t.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
          required
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {action.busy ? t.loading : t.signIn}
          </Button>
        </div>
      </form>
      <p>
        {t.noAccountYet}{' '}
        <Link to={paths.signUp(returnTo === paths.home() ? undefined : returnTo)}>{t.signUp}</Link>
      </p>
    </div>
  );
}
