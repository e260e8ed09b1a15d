import { useEffect, useState } from 'react';
import type { ApiError } from '../../api/api-client.js';
import { useSite } from '../../site-context.js';
import { isMissingRoute, useAction, useLoad } from '../../ui/async.js';
import {
  Button,
  ConfirmButton,
  ErrorBox,
  Loading,
  NotAvailable,
  SelectField,
  StatusMessage,
} from '../../ui/controls.js';
import { PageTitle } from '../../ui/page-title.js';
import { type CodeProblem, themeCode } from './code-api.js';
import { C } from './texts.js';
import './code.css';

/*
 * /config/sites/:siteId/code — the website's JSON-T templates and stylesheet. Problems (with line and
 * column, from the server's parser) show while typing, a file with problems is not saved, and the preview
 * frame shows the site with the unsaved text before anyone else sees it.
 */

const isAndroid = () => typeof navigator !== 'undefined' && /android/i.test(navigator.userAgent);

function ProblemList({ problems }: { problems: CodeProblem[] | undefined }) {
  if (!problems) return null;
  if (problems.length === 0) return <p className="code-ok">{C.noProblems}</p>;
  return (
    <div className="error-box" role="alert">
      <p>{C.problems(problems.length)}</p>
      <ul>
        {problems.map((p) => (
          <li key={`${p.line}:${p.column}:${p.message}`}>{C.problem(p.line, p.column, p.message)}</li>
        ))}
      </ul>
    </div>
  );
}

const problemsOfRefusal = (error: ApiError | undefined) =>
  (error?.body as { error?: { problems?: CodeProblem[] } } | undefined)?.error?.problems;

function FileEditor({ file, onSaved }: { file: string; onSaved: () => void }) {
  const { site } = useSite();
  const loaded = useLoad(() => themeCode.file(site.id, file), [site.id, file]);
  const [source, setSource] = useState<string>();
  const [problems, setProblems] = useState<CodeProblem[]>();
  const [previewUrl, setPreviewUrl] = useState<string>();
  const [note, setNote] = useState('');
  const action = useAction();
  const text = source ?? loaded.data?.source ?? '';
  const dirty = source !== undefined && source !== loaded.data?.source;

  // Check while typing, half a second after the last key.
  useEffect(() => {
    if (source === undefined) return;
    const timer = setTimeout(() => {
      themeCode.check(site.id, file, source).then(
        (answer) => setProblems(answer.problems),
        () => undefined,
      );
    }, 500);
    return () => clearTimeout(timer);
  }, [site.id, file, source]);

  if (loaded.error) return <ErrorBox error={loaded.error} />;
  if (!loaded.data) return <Loading />;

  const save = async () => {
    setNote('');
    const answer = await action.run(() => themeCode.save(site.id, file, text));
    if (answer) {
      loaded.set(answer);
      setSource(undefined);
      setProblems([]);
      setNote(C.saved);
      onSaved();
    }
  };
  const revert = async () => {
    const answer = await action.run(() => themeCode.revert(site.id, file));
    if (answer) {
      loaded.set(answer);
      setSource(undefined);
      setProblems(undefined);
      setNote(C.reverted);
      onSaved();
    }
  };
  const preview = async () => {
    const answer = await action.run(() => themeCode.preview(site.id, file, text));
    if (answer) setPreviewUrl(answer.previewUrl);
  };
  const refusedProblems = problemsOfRefusal(action.error);

  return (
    <div className="code-editor">
      <div className="field">
        <label htmlFor="theme-source">
          {C.source(file)}
          {dirty ? <span className="badge badge--warn"> {C.unsaved}</span> : null}
        </label>
        <textarea
          id="theme-source"
          className="code-editor__source"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            action.clear();
            setSource(e.target.value);
          }}
          aria-invalid={problems && problems.length > 0 ? true : undefined}
        />
      </div>
      <ProblemList problems={refusedProblems ?? problems} />
      {refusedProblems ? null : <ErrorBox error={action.error} />}
      <StatusMessage>{note}</StatusMessage>
      <div className="form-actions">
        <Button variant="primary" onClick={() => void save()} busy={action.busy}>
          {C.save}
        </Button>
        <Button onClick={() => void preview()} busy={action.busy}>
          {C.preview}
        </Button>
        {loaded.data.overridden ? (
          <ConfirmButton
            label={C.revert}
            question={C.revertQuestion}
            confirmLabel={C.revert}
            onConfirm={() => void revert()}
            busy={action.busy}
          />
        ) : null}
      </div>
      {previewUrl ? (
        <section className="preview" aria-labelledby="code-preview-title">
          <h2 id="code-preview-title">{C.previewTitle}</h2>
          <p className="muted">{C.previewHint}</p>
          <iframe className="preview__frame" src={previewUrl} title={C.previewTitle} />
        </section>
      ) : null}
    </div>
  );
}

export function CodeEditor() {
  const { site } = useSite();
  const files = useLoad(() => themeCode.files(site.id), [site.id]);
  const [file, setFile] = useState('theme.css');
  if (isMissingRoute(files.error)) return <NotAvailable title={C.title} />;
  return (
    <div>
      <PageTitle>{C.title}</PageTitle>
      <p className="muted">{C.intro}</p>
      {isAndroid() ? <p className="error-box">{C.noCodeEditingOnAndroid}</p> : null}
      <ErrorBox error={files.error} />
      {files.data ? (
        <SelectField label={C.file} value={file} onChange={(e) => setFile(e.target.value)}>
          {files.data.files.map((f) => (
            <option key={f.file} value={f.file}>
              {f.overridden ? `${f.file} (${C.overridden})` : f.file}
            </option>
          ))}
        </SelectField>
      ) : (
        <Loading />
      )}
      <FileEditor key={file} file={file} onSaved={files.reload} />
    </div>
  );
}
