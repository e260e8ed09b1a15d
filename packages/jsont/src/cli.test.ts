import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type CliIo, main } from './cli.js';
import type { CompileOptions, RenderOptions } from './index.js';

// The real engine, with compile and render calls recorded, so the tests can check what the CLI hands over
// (options such as injects or enableEval) independently of which template features the engine has.
const calls = vi.hoisted(() => ({
  compile: [] as { source: string; options: CompileOptions }[],
  render: [] as { json: unknown; options: RenderOptions | undefined }[],
}));
vi.mock('./index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./index.js')>();
  return {
    ...actual,
    compile: (source: string, options: CompileOptions = {}) => {
      calls.compile.push({ source, options });
      const template = actual.compile(source, options);
      return {
        errors: template.errors,
        render: (json: unknown, renderOptions?: RenderOptions) => {
          calls.render.push({ json, options: renderOptions });
          return template.render(json, renderOptions);
        },
      };
    },
  };
});

beforeEach(() => {
  calls.compile.length = 0;
  calls.render.length = 0;
});

interface FakeIo extends CliIo {
  out: string[];
  err: string[];
}

function fakeIo(files: Record<string, string> = {}, stdin: CliIo['stdin'] = ''): FakeIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdin,
    stdout: { write: (chunk: string) => out.push(chunk) },
    stderr: { write: (chunk: string) => err.push(chunk) },
    readFile: async (path: string) => {
      if (!(path in files)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return files[path];
    },
  };
}

const FILES = {
  't.html': '{.section a}{b}{.end} {name}',
  'd.json': JSON.stringify({ name: 'Ada', a: { b: 'Bee' } }),
};

const answers = (io: FakeIo) =>
  io.out
    .join('')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

describe('jsont render (files)', () => {
  it('prints the rendered template to stdout and exits 0', async () => {
    const io = fakeIo(FILES);
    expect(await main(['render', '-t', 't.html', '-j', 'd.json'], io)).toBe(0);
    expect(io.out.join('')).toBe('Bee Ada');
    expect(io.err.join('')).toBe('');
  });

  it('accepts long options with = and renders partials from the partials file', async () => {
    const io = fakeIo({ ...FILES, 'p.html': '<{@|apply greet}>', 'p.json': '{"greet": "hi {name}"}' });
    const code = await main(['render', '--template=p.html', '--json', 'd.json', '-p', 'p.json'], io);
    expect(code).toBe(0);
    expect(io.out.join('')).toBe('<hi Ada>');
  });

  it('compiles with .eval and .include enabled', async () => {
    await main(['render', '-t', 't.html', '-j', 'd.json'], fakeIo(FILES));
    expect(calls.compile).toEqual([
      { source: FILES['t.html'], options: { enableEval: true, enableInclude: true } },
    ]);
  });

  it('writes template errors as "type: message" lines to stderr and still exits 0', async () => {
    const io = fakeIo({ 'bad.html': '[{name|no-such-formatter}]', 'd.json': '{"name": "x"}' });
    expect(await main(['render', '-t', 'bad.html', '-j', 'd.json'], io)).toBe(0);
    const lines = io.err.join('').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^\S+: .*no-such-formatter/);
  });

  it('exits 1 with a message and the usage when a file is missing', async () => {
    const io = fakeIo(FILES);
    expect(await main(['render', '-t', 'missing.html', '-j', 'd.json'], io)).toBe(1);
    const err = io.err.join('');
    expect(err).toContain('cannot read template file "missing.html": file not found');
    expect(err).toContain('Usage:');
    expect(io.out.join('')).toBe('');
  });

  it('exits 1 when the JSON file is not JSON', async () => {
    const io = fakeIo({ ...FILES, 'broken.json': '{name:' });
    expect(await main(['render', '-t', 't.html', '-j', 'broken.json'], io)).toBe(1);
    expect(io.err.join('')).toContain('JSON file "broken.json" is not valid JSON');
  });

  it.each([
    [['render', '-j', 'd.json'], 'missing -t TEMPLATE_FILE'],
    [['render', '-t', 't.html'], 'missing -j JSON_FILE'],
    [['render', '-t'], 'option -t needs a value'],
    [['render', '-t', 't.html', '-j', 'd.json', '--now', 'soon'], '--now needs epoch milliseconds'],
    [['render', '--frobnicate'], 'unknown option "--frobnicate"'],
    [['paint'], 'unknown command "paint"'],
    [[], 'missing command'],
    [['render', '--jsonl', '-t', 't.html'], '--jsonl reads everything from stdin'],
  ])('exits 1 on the unusable command line %j', async (argv, message) => {
    const io = fakeIo(FILES);
    expect(await main(argv, io)).toBe(1);
    expect(io.err.join('')).toContain(message);
    expect(io.err.join('')).toContain('Usage:');
  });

  it('prints the usage for --help on stdout and exits 0', async () => {
    for (const argv of [['--help'], ['-h'], ['render', '--help']]) {
      const io = fakeIo();
      expect(await main(argv, io)).toBe(0);
      expect(io.out.join('')).toContain('jsont render --jsonl');
      expect(io.err.join('')).toBe('');
    }
  });

  it('passes --locale and --now to the render', async () => {
    const io = fakeIo({ 't.html': '{t|relative-time}', 'd.json': '{"t": 1502298000000}' });
    const now = 1502298000000 + 2 * 3600_000;
    const code = await main(
      ['render', '-t', 't.html', '-j', 'd.json', '--locale', 'de-DE', '--now', String(now)],
      io,
    );
    expect(code).toBe(0);
    expect(calls.render[0].options).toMatchObject({ locale: 'de-DE', now });
    expect(calls.render[0].json).toEqual({ t: 1502298000000 });
  });
});

describe('jsont render --jsonl', () => {
  it('answers every line in order, one JSON line each', async () => {
    const stdin = [
      JSON.stringify({ template: '{name}', json: { name: 'Ada' } }),
      JSON.stringify({ template: '{.section a}{b}{.end}', json: { a: { b: 'Bee' } } }),
      JSON.stringify({ template: '{@|apply p}', json: { x: 1 }, partials: { p: '[{x}]' } }),
      '',
    ].join('\n');
    const io = fakeIo({}, stdin);
    expect(await main(['render', '--jsonl'], io)).toBe(0);
    expect(answers(io)).toEqual([
      { output: 'Ada', errors: [] },
      { output: 'Bee', errors: [] },
      { output: '[1]', errors: [] },
    ]);
  });

  it('answers bad lines with an error line and keeps going', async () => {
    const stdin = [
      'not json',
      JSON.stringify({ json: { name: 'no template' } }),
      '[1, 2]',
      '',
      JSON.stringify({ template: '{name}', partials: { p: 3 } }),
      JSON.stringify({ template: '{name}', params: { now: 'later' } }),
      JSON.stringify({ template: '{name}', json: { name: 'still here' } }),
    ].join('\n');
    const io = fakeIo({}, stdin);
    expect(await main(['render', '--jsonl'], io)).toBe(0);
    const got = answers(io);
    expect(got).toHaveLength(7);
    expect(got.map((a) => a.errors[0]?.type)).toEqual([
      'INPUT_NOT_JSON',
      'INPUT_INVALID',
      'INPUT_INVALID',
      'INPUT_EMPTY',
      'INPUT_INVALID',
      'INPUT_INVALID',
      undefined,
    ]);
    for (const a of got.slice(0, 6)) {
      expect(a.output).toBe('');
      expect(a.errors).toHaveLength(1);
      expect(typeof a.errors[0].message).toBe('string');
    }
    expect(got[1].errors[0].message).toContain('"template"');
    expect(got[6]).toEqual({ output: 'still here', errors: [] });
  });

  it('reports template errors in the answer with type and message only', async () => {
    const io = fakeIo({}, `${JSON.stringify({ template: '{name|no-such-formatter}', json: { name: 1 } })}\n`);
    await main(['render', '--jsonl'], io);
    const [answer] = answers(io);
    expect(answer.errors.length).toBeGreaterThan(0);
    for (const e of answer.errors) expect(Object.keys(e).sort()).toEqual(['message', 'type']);
  });

  it('passes partials, injects and params to the render and compiles with .eval and .include', async () => {
    const now = Date.UTC(2031, 5, 1, 12);
    const request = {
      template: '{name}',
      json: { name: 'Ada' },
      partials: { p: 'P' },
      injects: { 'extra.json': { a: 1 } },
      params: { locale: 'de-DE', now },
    };
    const io = fakeIo({}, `${JSON.stringify(request)}\n`);
    await main(['render', '--jsonl'], io);
    expect(answers(io)).toEqual([{ output: 'Ada', errors: [] }]);
    expect(calls.compile[0].options).toEqual({ enableEval: true, enableInclude: true });
    expect(calls.render[0]).toEqual({
      json: { name: 'Ada' },
      options: { partials: { p: 'P' }, injects: { 'extra.json': { a: 1 } }, locale: 'de-DE', now },
    });
  });

  it('renders .eval, .include and .inject (enabled in the CLI)', async () => {
    const request = {
      template:
        '{.macro m}{.eval @w = 2 * n}{.end}{.eval 2 + 3} {.include m}{@w} {.inject @x extra.json}{@x.a}',
      json: { n: 3 },
      injects: { 'extra.json': { a: 'injected' } },
    };
    const io = fakeIo({}, `${JSON.stringify(request)}\n`);
    await main(['render', '--jsonl'], io);
    expect(answers(io)).toEqual([{ output: '5 6 injected', errors: [] }]);
  });

  it('accepts CRLF line ends', async () => {
    const lines = ['a', 'b', 'c'].map((name) => JSON.stringify({ template: '{name}', json: { name } }));
    const io = fakeIo({}, lines.join('\r\n'));
    await main(['render', '--jsonl'], io);
    expect(answers(io)).toEqual(['a', 'b', 'c'].map((output) => ({ output, errors: [] })));
  });

  it('answers each line before the next one is read (no buffering of stdin)', async () => {
    const io = fakeIo();
    const seenBeforeNext: number[] = [];
    async function* stdin() {
      yield JSON.stringify({ template: '{name}', json: { name: 'one' } });
      seenBeforeNext.push(answers(io).length);
      yield 'broken';
      seenBeforeNext.push(answers(io).length);
      yield JSON.stringify({ template: '{name}', json: { name: 'three' } });
    }
    io.stdin = stdin();
    expect(await main(['render', '--jsonl'], io)).toBe(0);
    expect(seenBeforeNext).toEqual([1, 2]);
    expect(answers(io).map((a) => a.output)).toEqual(['one', '', 'three']);
  });
});

describe('the built executable', () => {
  const script = fileURLToPath(new URL('../dist/cli-main.js', import.meta.url));
  const built = existsSync(script);
  if (!built) console.warn(`skipping the executable test: ${script} is missing (run \`npm run build\`)`);

  it.skipIf(!built)('answers --jsonl lines from a real process as they arrive', async () => {
    const child = spawn(process.execPath, [script, 'render', '--jsonl'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    const firstLine = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('\n')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

    child.stdin.write(`${JSON.stringify({ template: '{name}', json: { name: 'first' } })}\n`);
    // The first answer must come while stdin is still open.
    await firstLine;
    child.stdin.write(
      `${JSON.stringify({ template: '{.section a}{b}{.end}', json: { a: { b: 'second' } } })}\n`,
    );
    child.stdin.end('oops\n');
    expect(await exited).toBe(0);
    expect(err).toBe('');
    const got = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(got.map((a) => a.output)).toEqual(['first', 'second', '']);
    expect(got[2].errors[0].type).toBe('INPUT_NOT_JSON');
  });

  it.skipIf(!built)('renders files and exits 1 on a missing file', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [script, ...args]);
        let out = '';
        let err = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
        });
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          err += d;
        });
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const missing = await run(['render', '-t', '/nonexistent/t.html', '-j', '/nonexistent/d.json']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('file not found');
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage:');
  });
});
