import { useEffect } from 'react';
import { accounts } from './api/admin-api.js';
import { onSignInRequired } from './api/api-client.js';
import { t } from './messages.js';
import { Link, navigate, useLocation } from './routing/router.js';
import { paths, type Route, routeOf } from './routing/routes.js';
import { AcceptInvitation } from './screens/accept-invitation.js';
import { AnalyticsEntry } from './screens/analytics/analytics-entry.js';
import { AnalyticsScreen } from './screens/analytics/analytics-screen.js';
import { ApiKeysScreen } from './screens/api-keys/api-keys-screen.js';
import { CodeEditor } from './screens/code/code-editor.js';
import { CommentQueue } from './screens/comments/comment-queue.js';
import { ContentCollections, ContentEntries } from './screens/content/content-screen.js';
import { CustomerList } from './screens/customers/customer-list.js';
import { DesignScreen } from './screens/design/design-screen.js';
import { DomainsScreen } from './screens/domains/domains-screen.js';
import { FormList, FormSubmissions } from './screens/forms/forms-screen.js';
import { MediaLibrary } from './screens/media/media-library.js';
import { NewSite } from './screens/new-site.js';
import { NewsletterScreen } from './screens/newsletter/newsletter-screen.js';
import { OrderDetail } from './screens/orders/order-detail.js';
import { OrderList } from './screens/orders/order-list.js';
import { PagesScreen } from './screens/pages/pages-screen.js';
import { Inventory } from './screens/products/inventory.js';
import { ProductEditor } from './screens/products/product-editor.js';
import { ProductImport } from './screens/products/product-import.js';
import { ProductList } from './screens/products/product-list.js';
import { RedirectsScreen } from './screens/redirects/redirects-screen.js';
import { SignIn } from './screens/sign-in.js';
import { SignUp } from './screens/sign-up.js';
import { Dashboard } from './screens/site/dashboard.js';
import { LegalSettings } from './screens/site/legal-settings.js';
import { Members } from './screens/site/members.js';
import { AccountScreen, P as accountTexts } from './screens/site/password-change.js';
import { PaymentSettings } from './screens/site/payment-settings.js';
import { SiteSettings } from './screens/site/site-settings.js';
import { SiteShell } from './screens/site/site-shell.js';
import { SiteList } from './screens/site-list.js';
import { VerifyAccount } from './screens/verify-account.js';
import { WebhooksScreen } from './screens/webhooks/webhooks-screen.js';
import { SessionProvider, useSession } from './session.js';
import { useAction } from './ui/async.js';
import { Button, ErrorBox, Loading } from './ui/controls.js';
import { PageTitle } from './ui/page-title.js';

/** Routes anyone may open; everything else needs a session. */
const PUBLIC: ReadonlySet<Route['name']> = new Set([
  'signIn',
  'signUp',
  'verifyAccount',
  'invitation',
  'notFound',
]);

function SiteSectionScreen({ route }: { route: Extract<Route, { name: 'site' }> }) {
  switch (route.section) {
    case 'dashboard':
      return <Dashboard />;
    case 'pages':
      return <PagesScreen />;
    case 'products':
      return <ProductList />;
    case 'newProduct':
      return <ProductEditor />;
    case 'productImport':
      return <ProductImport />;
    case 'product':
      return <ProductEditor productId={route.productId} />;
    case 'inventory':
      return <Inventory />;
    case 'orders':
      return <OrderList />;
    case 'order':
      return <OrderDetail orderId={route.orderId ?? ''} />;
    case 'customers':
      return <CustomerList />;
    case 'settings':
      return <SiteSettings />;
    case 'legal':
      return <LegalSettings />;
    case 'payments':
      return <PaymentSettings />;
    case 'members':
      return <Members />;
    case 'analytics':
      return <AnalyticsScreen />;
    case 'forms':
      return <FormList />;
    case 'formSubmissions':
      return <FormSubmissions formId={route.formId ?? ''} />;
    case 'media':
      return <MediaLibrary />;
    case 'code':
      return <CodeEditor />;
    case 'design':
      return <DesignScreen />;
    case 'apiKeys':
      return <ApiKeysScreen />;
    case 'webhooks':
      return <WebhooksScreen />;
    case 'domains':
      return <DomainsScreen />;
    case 'redirects':
      return <RedirectsScreen />;
    case 'content':
      return <ContentCollections />;
    case 'contentEntries':
      return <ContentEntries collectionId={route.collectionId ?? ''} />;
    case 'comments':
      return <CommentQueue />;
    case 'newsletter':
      return <NewsletterScreen />;
  }
}

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'home':
      return <SiteList />;
    case 'signIn':
      return <SignIn />;
    case 'signUp':
      return <SignUp />;
    case 'verifyAccount':
      return <VerifyAccount />;
    case 'newSite':
      return <NewSite />;
    case 'invitation':
      return <AcceptInvitation token={route.token} />;
    case 'analytics':
      return <AnalyticsEntry />;
    case 'account':
      return <AccountScreen />;
    case 'site':
      return (
        <SiteShell siteId={route.siteId}>
          <SiteSectionScreen route={route} />
        </SiteShell>
      );
    case 'notFound':
      return (
        <div className="narrow">
          <PageTitle>{t.contentNotFound}</PageTitle>
          <Link to={paths.home()}>{t.allSites}</Link>
        </div>
      );
  }
}

function Header() {
  const { session, setSession } = useSession();
  const action = useAction();
  const signOut = async () => {
    if (await action.run(() => accounts.signOut())) {
      setSession(null);
      navigate(paths.signIn());
    }
  };
  return (
    <header className="app-header">
      <Link to={paths.home()} className="app-header__brand">
        {t.appName}
      </Link>
      {session ? (
        <div className="app-header__account">
          <span className="muted">{t.signedInAs(session.account.name)}</span>
          <Link to={paths.account()}>{accountTexts.title}</Link>
          <Button variant="quiet" onClick={signOut} busy={action.busy}>
            {t.signOut}
          </Button>
        </div>
      ) : null}
      <ErrorBox error={action.error} />
    </header>
  );
}

function Routed() {
  const { pathname, search } = useLocation();
  const { session, error, setSession } = useSession();
  const route = routeOf(pathname);
  const needsSession = !PUBLIC.has(route.name);

  useEffect(() => {
    // The session ended (expired, signed out elsewhere): forget it, sign in, come back.
    onSignInRequired((returnTo) => {
      setSession(null);
      navigate(paths.signIn(returnTo));
    });
  }, [setSession]);
  useEffect(() => {
    if (session === null && needsSession)
      navigate(paths.signIn(pathname === paths.home() ? undefined : pathname + search), { replace: true });
    // Signed in already: the sign-in and sign-up pages lead on to the sites.
    if (session && (route.name === 'signIn' || route.name === 'signUp') && !search.includes('weiter='))
      navigate(paths.home(), { replace: true });
  }, [session, needsSession, pathname, search, route.name]);

  return (
    <>
      <a className="skip-link" href="#inhalt">
        {t.skipToContent}
      </a>
      <Header />
      <main id="inhalt" className="app-main">
        <ErrorBox error={error} />
        {session === undefined || (needsSession && !session) ? <Loading /> : <Screen route={route} />}
      </main>
    </>
  );
}

export function App() {
  return (
    <SessionProvider>
      <Routed />
    </SessionProvider>
  );
}
