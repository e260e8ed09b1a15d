import { type FormEvent, useEffect, useRef, useState } from 'react';
import { accounts } from '../api/admin-api.js';
import { t } from '../messages.js';
import { Link, useLocation } from '../routing/router.js';
import { paths, returnPathOf } from '../routing/routes.js';
import { useAction } from '../ui/async.js';
import { Button, ErrorBox, TextField } from '../ui/controls.js';
import { PageTitle } from '../ui/page-title.js';
import { emailProblem } from './sign-in.js';

export const PASSWORD_MIN_LENGTH = 10;

export function SignUp() {
  const { search } = useLocation();
  const action = useAction();
  const [sentTo, setSentTo] = useState<string>();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const returnTo = returnPathOf(search);
  const formRef = useRef<HTMLFormElement>(null);
  /** Counts refused submits: each moves focus to the first field with a problem once it has rendered. */
  const [refusals, setRefusals] = useState(0);
  // The messages appeared silently while focus stayed on the button (issue 22): focusing the field has a
  // screen reader read its label, "ungültig" and the message tied to it (WCAG 3.3.1, 4.1.3).
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t.nameMissing;
    const emailMessage = emailProblem(email);
    if (emailMessage) problems.email = emailMessage;
    if (password.length < PASSWORD_MIN_LENGTH) problems.password = t.passwordTooShort;
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    // The answer is the same whether the address is new or has an account (security review #18);
    // the mail's link (verify-account.tsx) signs in and carries `returnTo` on, e.g. to an invitation.
    const answer = await action.run(() =>
      accounts.signUp({
        name: name.trim(),
        email: email.trim(),
        password,
        ...(returnTo === paths.home() ? {} : { returnTo }),
      }),
    );
    if (answer) {
      setSentTo(email.trim());
      setPassword('');
    } else {
      // The server's field errors get focus the same way; a message without a field is the alert above.
      setRefusals((count) => count + 1);
    }
  };

  if (sentTo)
    return (
      <div className="narrow">
        <PageTitle>{t.checkMailTitle}</PageTitle>
        <div className="card">
          <p role="status">{t.checkMailAt(sentTo)}</p>
          <p>{t.checkMailBody}</p>
          <p className="muted">{t.checkMailHint}</p>
        </div>
        <p>
          {t.haveAccount}{' '}
          <Link to={paths.signIn(returnTo === paths.home() ? undefined : returnTo)}>{t.signIn}</Link>
        </p>
      </div>
    );

  const fields = { ...action.error?.fields, ...fieldErrors };
  return (
    <div className="narrow">
      <PageTitle>{t.signUpTitle}</PageTitle>
      <form className="form card" onSubmit={submit} noValidate ref={formRef}>
        <ErrorBox error={action.error} />
        <TextField
          label={t.name}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.name}
          required
        />
        <TextField
          label={t.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields.email}
          required
        />
        <TextField
          label={t.password}
          type="password"
          name="password"
          autoComplete="new-password"
          hint={t.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
          required
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={action.busy}>
            {action.busy ? t.saving : t.signUp}
          </Button>
        </div>
      </form>
      <p>
        {t.haveAccount}{' '}
        <Link to={paths.signIn(returnTo === paths.home() ? undefined : returnTo)}>{t.signIn}</Link>
      </p>
    </div>
  );
}
