import { accounts } from '../api/admin-api.js';
import { t } from '../messages.js';
import { Link, navigate, useLocation } from '../routing/router.js';
import { paths, returnPathOf } from '../routing/routes.js';
import { useSession } from '../session.js';
import { useAction } from '../ui/async.js';
import { Button, ErrorBox } from '../ui/controls.js';
import { PageTitle } from '../ui/page-title.js';

/**
 * /config/konto-bestaetigen?token= — the link of the sign-up mail. The account is made by a click, not
 * by opening the page: mail scanners that open links would otherwise spend the single-use link.
 */
export function VerifyAccount() {
  const { search } = useLocation();
  const { setSession } = useSession();
  const action = useAction();
  const token = new URLSearchParams(search).get('token') ?? '';
  const returnTo = returnPathOf(search);

  const confirm = async () => {
    const session = await action.run(() => accounts.verify(token));
    if (session) {
      setSession(session);
      // A new account has no site yet: straight on to creating one, unless an invitation waits.
      navigate(returnTo === paths.home() ? paths.newSite() : returnTo, { replace: true });
    }
  };

  return (
    <div className="narrow">
      <PageTitle>{t.verifyTitle}</PageTitle>
      <div className="card">
        <p>{t.verifyIntro}</p>
        <ErrorBox error={action.error} />
        {action.error ? (
          <p className="form-actions">
            <Link className="button button--primary" to={paths.signIn()}>
              {t.signIn}
            </Link>
            <Link className="button button--secondary" to={paths.signUp()}>
              {t.signUpAgain}
            </Link>
          </p>
        ) : (
          <div className="form-actions">
            <Button variant="primary" onClick={confirm} busy={action.busy}>
              {action.busy ? t.verifying : t.verify}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
