import { useState } from 'react';
import { members } from '../api/admin-api.js';
import type { MemberSite } from '../api/admin-types.js';
import { t } from '../messages.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { useSession } from '../session.js';
import { useAction } from '../ui/async.js';
import { Button, ErrorBox } from '../ui/controls.js';
import { PageTitle } from '../ui/page-title.js';

/** /config/invitations/:token — the link of the invitation mail. Accepting needs the invited account. */
export function AcceptInvitation({ token }: { token: string }) {
  const { session, reload } = useSession();
  const action = useAction();
  const [joined, setJoined] = useState<MemberSite | null>();
  const here = paths.invitation(token);

  const accept = async () => {
    const answer = await action.run(() => members.accept(token));
    if (answer) {
      setJoined(answer.site ?? null);
      await reload();
    }
  };

  return (
    <div className="narrow">
      <PageTitle>{t.acceptTitle}</PageTitle>
      <div className="card">
        {joined !== undefined ? (
          <>
            <p role="status">{t.accepted}</p>
            {joined ? (
              <Link className="button button--primary" to={paths.site(joined.id)}>
                {joined.title}
              </Link>
            ) : (
              <Link to={paths.home()}>{t.yourSites}</Link>
            )}
          </>
        ) : session ? (
          <>
            <p>{t.acceptIntro}</p>
            <p className="muted">{t.signedInAs(`${session.account.name} (${session.account.email})`)}</p>
            <ErrorBox error={action.error} />
            <Button variant="primary" onClick={accept} busy={action.busy}>
              {t.accept}
            </Button>
          </>
        ) : (
          <>
            <p>{t.acceptIntro}</p>
            <p>{t.acceptSignInFirst}</p>
            <p className="form-actions">
              <Link className="button button--primary" to={paths.signIn(here)}>
                {t.signIn}
              </Link>
              <Link className="button button--secondary" to={paths.signUp(here)}>
                {t.signUp}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
