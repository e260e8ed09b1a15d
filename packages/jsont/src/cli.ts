/**
 * The `jsont` command line: render one template from files, or answer a stream of JSON requests
 * (`--jsonl`, one request per stdin line, one answer per stdout line, in order). `.eval` and
 * `.include` are enabled here. All I/O goes through `CliIo`, so tests drive `main` without a process.
 */

import { compile, type RenderOptions, type TemplateError } from './index.js';

export interface CliIo {
  /** Standard input: a whole string, or an async iterable that yields one line per item (no newline needed). */
  stdin: AsyncIterable<string> | string;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Reads a UTF-8 text file; throws (or rejects) when it cannot. */
  readFile(path: string): Promise<string> | string;
}

export const USAGE = `Usage:
  jsont render -t TEMPLATE_FILE -j JSON_FILE [-p PARTIALS_FILE] [--locale LOCALE] [--now MS]
  jsont render --jsonl
  jsont --help

Renders JSON-T templates (.eval and .include are enabled).

Options of render:
  -t, --template FILE   the template source
  -j, --json FILE       the JSON context
  -p, --partials FILE   a JSON object: partial name -> template source
      --locale LOCALE   locale of the render, e.g. de-DE (default en-US)
      --now MS          epoch milliseconds the render treats as now
      --jsonl           batch mode: reads one JSON request per stdin line
                          {"template", "json", "partials"?, "injects"?, "params"?: {"locale"?, "now"?}}
                        and writes one JSON answer per line, in input order:
                          {"output": "...", "errors": [{"type", "message"}]}
  -h, --help            prints this text

The output goes to stdout, template errors to stderr as "type: message" lines; the exit code is 0
even with template errors, 1 when the command line is unusable or a file cannot be read.
`;

/** Exit codes: 0 rendered (template errors included), 1 unusable command line or unreadable input files. */
const OK = 0;
const FAILED = 1;

class UsageError extends Error {}

interface RenderArgs {
  jsonl: boolean;
  template?: string;
  json?: string;
  partials?: string;
  locale?: string;
  now?: number;
}

const VALUE_OPTIONS: Record<string, keyof RenderArgs> = {
  '-t': 'template',
  '--template': 'template',
  '-j': 'json',
  '--json': 'json',
  '-p': 'partials',
  '--partials': 'partials',
  '--locale': 'locale',
  '--now': 'now',
};

function parseRenderArgs(args: string[]): RenderArgs {
  const parsed: RenderArgs = { jsonl: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--jsonl') {
      parsed.jsonl = true;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const key = VALUE_OPTIONS[name];
    if (!key) throw new UsageError(`unknown option "${arg}"`);
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = args[i + 1];
      i++;
    }
    if (value === undefined || value === '') throw new UsageError(`option ${name} needs a value`);
    if (key === 'now') {
      const now = Number(value);
      if (!Number.isFinite(now)) throw new UsageError(`--now needs epoch milliseconds, got "${value}"`);
      parsed.now = now;
    } else if (key !== 'jsonl') {
      parsed[key] = value;
    }
  }
  if (parsed.jsonl) {
    const extra = (['template', 'json', 'partials', 'locale', 'now'] as const).filter(
      (k) => parsed[k] !== undefined,
    );
    if (extra.length > 0) {
      throw new UsageError(
        `--jsonl reads everything from stdin; drop ${extra.map((k) => `--${k}`).join(', ')}`,
      );
    }
  } else {
    if (parsed.template === undefined) throw new UsageError('missing -t TEMPLATE_FILE');
    if (parsed.json === undefined) throw new UsageError('missing -j JSON_FILE');
  }
  return parsed;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(err: unknown): string {
  if (isPlainObject(err) && err.code === 'ENOENT') return 'file not found';
  if (isPlainObject(err) && err.code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? err.message : String(err);
}

const errorLines = (errors: readonly TemplateError[]) =>
  errors.map((e) => `${e.type}: ${e.message}\n`).join('');

async function renderFiles(args: RenderArgs, io: CliIo): Promise<number> {
  const read = async (path: string, what: string): Promise<string> => {
    try {
      return await io.readFile(path);
    } catch (err) {
      throw new UsageError(`cannot read ${what} "${path}": ${describe(err)}`);
    }
  };
  const parseJson = (text: string, path: string, what: string): unknown => {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new UsageError(`${what} "${path}" is not valid JSON: ${describe(err)}`);
    }
  };

  const source = await read(args.template as string, 'template file');
  const jsonPath = args.json as string;
  const json = parseJson(await read(jsonPath, 'JSON file'), jsonPath, 'JSON file');
  let partials: Record<string, string> | undefined;
  if (args.partials !== undefined) {
    const value = parseJson(await read(args.partials, 'partials file'), args.partials, 'partials file');
    const problem = partialsProblem(value);
    if (problem) throw new UsageError(`partials file "${args.partials}": ${problem}`);
    partials = value as Record<string, string>;
  }

  const template = compile(source, { enableEval: true, enableInclude: true });
  const { output, errors } = template.render(json, { partials, locale: args.locale, now: args.now });
  io.stdout.write(output);
  io.stderr.write(errorLines([...template.errors, ...errors]));
  return OK;
}

/** Why a value cannot serve as partials (an object of template sources), or undefined when it can. */
function partialsProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'must be a JSON object of name -> template source';
  for (const [name, source] of Object.entries(value)) {
    if (typeof source !== 'string') return `partial "${name}" must be a string`;
  }
  return undefined;
}

// ---- --jsonl ----

interface Answer {
  output: string;
  errors: TemplateError[];
}

const failure = (type: string, message: string): Answer => ({ output: '', errors: [{ type, message }] });

function answerLine(line: string): Answer {
  if (line.trim() === '') return failure('INPUT_EMPTY', 'empty line: expected a JSON request object');
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (err) {
    return failure('INPUT_NOT_JSON', `line is not valid JSON: ${describe(err)}`);
  }
  if (!isPlainObject(request)) return failure('INPUT_INVALID', 'request must be a JSON object');
  if (typeof request.template !== 'string')
    return failure('INPUT_INVALID', 'request needs "template" as a string');
  if (request.partials !== undefined) {
    const problem = partialsProblem(request.partials);
    if (problem) return failure('INPUT_INVALID', `"partials" ${problem}`);
  }
  if (request.injects !== undefined && !isPlainObject(request.injects)) {
    return failure('INPUT_INVALID', '"injects" must be a JSON object of path -> value');
  }
  const params = request.params ?? {};
  if (!isPlainObject(params)) return failure('INPUT_INVALID', '"params" must be a JSON object');
  if (params.locale !== undefined && typeof params.locale !== 'string') {
    return failure('INPUT_INVALID', '"params.locale" must be a string');
  }
  if (params.now !== undefined && !(typeof params.now === 'number' && Number.isFinite(params.now))) {
    return failure('INPUT_INVALID', '"params.now" must be a number (epoch milliseconds)');
  }

  const options: RenderOptions = {
    partials: request.partials as RenderOptions['partials'],
    injects: request.injects as RenderOptions['injects'],
    locale: params.locale as string | undefined,
    now: params.now as number | undefined,
  };
  try {
    // compile() caches by source, so a batch that repeats a template compiles it once.
    const template = compile(request.template, { enableEval: true, enableInclude: true });
    const { output, errors } = template.render(request.json ?? {}, options);
    return {
      output,
      errors: [...template.errors, ...errors].map(({ type, message }) => ({ type, message })),
    };
  } catch (err) {
    // The engine promises not to throw; this keeps one bad request from ending the whole batch anyway.
    return failure('RENDER_FAILED', describe(err));
  }
}

/** Lines of a whole-string stdin; the newline after the last line ends it and opens no empty line. */
function* stringLines(text: string): Generator<string> {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  yield* lines;
}

/**
 * Answers each stdin line as soon as it arrives (nothing waits for the end of stdin). Every input
 * line gets exactly one answer, empty lines included: they get an INPUT_EMPTY error line, so the
 * n-th answer always belongs to the n-th request.
 */
async function renderJsonl(io: CliIo): Promise<number> {
  const lines: Iterable<string> | AsyncIterable<string> =
    typeof io.stdin === 'string' ? stringLines(io.stdin) : io.stdin;
  for await (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    io.stdout.write(`${JSON.stringify(answerLine(line))}\n`);
  }
  return OK;
}

/** Runs the command line `argv` (without node and script); resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '-h' || command === '--help' || command === 'help') {
    io.stdout.write(USAGE);
    return OK;
  }
  try {
    if (command === undefined) throw new UsageError('missing command');
    if (command !== 'render') throw new UsageError(`unknown command "${command}"`);
    if (rest.includes('-h') || rest.includes('--help')) {
      io.stdout.write(USAGE);
      return OK;
    }
    const args = parseRenderArgs(rest);
    return args.jsonl ? await renderJsonl(io) : await renderFiles(args, io);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`jsont: ${err.message}\n\n${USAGE}`);
    return FAILED;
  }
}
