// A lock file between processes of one checkout (two `npm start` at once, a build beside a start).
// Node builtins only: it guards `npm install` too, before anything is installed.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while the process runs (EPERM: it runs, under another user). */
export function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const readHolder = (file) => {
  try {
    const text = readFileSync(file, 'utf8');
    const [pid, host, since] = text.trim().split(' ');
    return { text, pid: Number(pid), host, since: Number(since) };
  } catch {
    return undefined;
  }
};

/**
 * Stale: its holder died without releasing (kill -9, power cut). Only a process on this machine can be
 * checked; one on another machine (a checkout on a network share) counts as stale after an hour.
 */
const isStale = (holder) =>
  holder.host === hostname() ? !processAlive(holder.pid) : Date.now() - holder.since > 3_600_000;

/**
 * Takes the lock `file` and resolves to its release function; waits while a live process holds it.
 *
 * The lock file appears complete or not at all: the holder's line (pid, host, time) is written to a file
 * of our own first and then hard-linked to the lock's name, which fails with EEXIST when the lock is
 * taken. A stale lock is renamed away (only one of several waiters can rename it) and, should the renamed
 * file turn out not to be the stale one we looked at (a third process took the lock in between), put
 * back. `onWait(pid)` is called once when we have to wait.
 */
export async function acquireLock(file, { onWait } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  const mine = `${process.pid} ${hostname()} ${Date.now()} ${randomBytes(4).toString('hex')}\n`;
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(own, mine);
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(own, file);
        return () => {
          // Released only if it still is ours: never another process's lock.
          if (readHolder(file)?.text === mine) rmSync(file, { force: true });
        };
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && isStale(holder)) {
        const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
        try {
          renameSync(file, aside);
          if (readHolder(aside)?.text !== holder.text) linkSync(aside, file);
        } catch {
          // Another waiter moved it first, or the lock was taken again: look again.
        }
        rmSync(aside, { force: true });
        continue;
      }
      if (!told && holder) {
        told = true;
        onWait?.(holder.pid);
      }
      await sleep(100);
    }
  } finally {
    rmSync(own, { force: true });
  }
}

/** Runs fn holding the lock. */
export async function withLock(file, fn, options) {
  const release = await acquireLock(file, options);
  try {
    return await fn();
  } finally {
    release();
  }
}
