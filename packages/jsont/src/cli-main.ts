#!/usr/bin/env node
// The `jsont` executable: wires the process streams into `main` (see cli.ts). Stdin is opened only when
// `--jsonl` reads it, so a file render never waits for a terminal.
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { main } from './cli.js';

const stdinLines = {
  [Symbol.asyncIterator]: () =>
    createInterface({ input: process.stdin, crlfDelay: Infinity })[Symbol.asyncIterator](),
};
process.exitCode = await main(process.argv.slice(2), {
  stdin: stdinLines,
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path, 'utf8'),
});
