import { useState } from 'react';
import { Link, useLocation } from '../../routing/router.js';
import { paths } from '../../routing/routes.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useLoad } from '../../ui/async.js';
import { Button, ErrorBox, Loading, NotAvailable } from '../../ui/controls.js';
import { dateTime } from '../../ui/format.js';
import { PageTitle } from '../../ui/page-title.js';
import { B } from './builder-texts.js';
import { FormBuilder } from './form-builder.js';
import { forms } from './forms-api.js';
import { F } from './texts.js';
import './forms.css';

/*
 * /formulare — the website's forms; ?formular=<id>|neu opens the builder (form-builder.tsx, forms.edit to
 * change); /formulare/:formId — what visitors sent through one of them, newest
 * first, 50 at a time, with the CSV export of all of them (issue 7). Reading needs `forms.view`.
 */

const PAGE = 50;

export function FormList() {
  const { search } = useLocation();
  const open = new URLSearchParams(search).get('formular');
  if (open) return <FormBuilder formId={open} />;
  return <AllForms />;
}

const builderPath = (siteId: string, formId: string) =>
  `${paths.forms(siteId)}?formular=${encodeURIComponent(formId)}`;

function AllForms() {
  const { site, can } = useSite();
  const loaded = useLoad(() => forms.list(site.id), [site.id]);
  if (isMissingRoute(loaded.error)) return <NotAvailable title={F.title} />;
  const canEdit = can('forms.edit');
  return (
    <div>
      <PageTitle>{F.title}</PageTitle>
      <p className="muted">{F.intro}</p>
      {canEdit ? (
        <p>
          <Link className="button button--primary" to={builderPath(site.id, 'neu')}>
            {B.newForm}
          </Link>
        </p>
      ) : null}
      <ErrorBox error={loaded.error} />
      {loaded.loading && !loaded.data ? <Loading /> : null}
      {loaded.data && loaded.data.forms.length === 0 ? <p>{F.noForms}</p> : null}
      {loaded.data && loaded.data.forms.length > 0 ? (
        <ul className="dashboard-links">
          {loaded.data.forms.map((form) => (
            <li key={form.id} className="card">
              <Link
                className="card-link"
                to={paths.formSubmissions(site.id, form.id)}
                aria-label={F.open(form.name)}
              >
                {form.name}
              </Link>
              <p className="muted">{F.fields(form.fieldCount)}</p>
              {canEdit ? (
                <p className="form-list-actions">
                  <Link to={builderPath(site.id, form.id)}>{B.edit(form.name)}</Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function FormSubmissions({ formId }: { formId: string }) {
  const { site } = useSite();
  const loaded = useLoad(() => forms.submissions(site.id, formId), [site.id, formId]);
  const [shown, setShown] = useState(PAGE);
  if (isMissingRoute(loaded.error)) return <NotAvailable title={F.title} />;
  const data = loaded.data;
  return (
    <div>
      <p>
        <Link to={paths.forms(site.id)}>{F.allForms}</Link>
      </p>
      <PageTitle text={data ? F.submissionsTitle(data.form.name) : F.title}>
        {data ? F.submissionsTitle(data.form.name) : F.title}
      </PageTitle>
      <ErrorBox error={loaded.error} />
      {loaded.loading && !data ? <Loading /> : null}
      {data ? (
        <>
          <div className="toolbar">
            <p className="muted">{F.count(data.submissions.length)}</p>
            {data.submissions.length > 0 ? (
              <a className="button button--secondary" href={forms.csvUrl(site.id, formId)} download>
                {F.exportCsv}
              </a>
            ) : null}
          </div>
          {data.submissions.length === 0 ? <p>{F.none}</p> : null}
          <ol className="submission-list">
            {data.submissions.slice(0, shown).map((submission) => (
              <li key={submission.id} className="card submission">
                <h2 className="submission__date">
                  <span className="visually-hidden">{F.received}: </span>
                  <time dateTime={new Date(submission.createdAt).toISOString()}>
                    {dateTime(submission.createdAt, site.timeZone)}
                  </time>
                </h2>
                <dl className="submission__answers">
                  {submission.answers.map((answer) => (
                    <div key={answer.fieldId}>
                      <dt>{answer.title}</dt>
                      <dd>{answer.summary || F.empty}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ol>
          {data.submissions.length > shown ? (
            <div className="form-actions">
              <Button onClick={() => setShown((n) => n + PAGE)}>
                {F.more(data.submissions.length - shown)}
              </Button>
              <span className="muted">{F.showing(shown, data.submissions.length)}</span>
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
