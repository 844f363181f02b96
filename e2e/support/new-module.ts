// A throwaway module for the e2e suite: generated with `npm run new-module`, built alone, removed after.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from './servers';

/**
 * The platform version a remote built "against the previous minor" used: the last 0.5.x sources
 * (before callQuietly and showQuietFailure made 0.6.0), as released (docs/decisions/module-manifest.md).
 * When platform moves to 0.7.0, pin the last 0.6.x commit here.
 */
export const PREVIOUS_PLATFORM = { commit: 'f0a02abc1d024a460ebbb9d96777d4111d07ccc6', version: '0.5.0' };

export type ThrowawayModule = {
  name: string;
  title: string;
  folder: string;
  route: string;
  remove: () => void;
};

/** A name nobody uses: letters only, so it passes the generator's rule. */
export function throwawayName(): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `essai${letters.join('')}`;
}

/** Runs the generator as a developer would, without touching the root workspaces (shared by everyone). */
export function generateModule(name: string, title: string, args: string[] = []): ThrowawayModule {
  const folder = path.join(REPO, `mfe-${name}`);
  execFileSync(
    'npm',
    ['run', '--silent', 'new-module', '--', name, '--title', title, '--no-workspace', ...args],
    { cwd: REPO, stdio: 'pipe' },
  );
  return {
    name,
    title,
    folder,
    route: `/dashboard/${name}`,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** Builds the module alone (its own webpack, not turbo: it is not a workspace). */
export function buildModule(module: ThrowawayModule): void {
  execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: module.folder, stdio: 'pipe' });
}

/**
 * Builds the module against the pinned previous @app/platform: its sources are extracted from git into
 * the module's folder (so node_modules still resolves their own imports) and passed to the factory.
 */
export function pinPreviousPlatform(module: ThrowawayModule): string {
  const platformDir = path.join(module.folder, 'previous-platform');
  mkdirSync(platformDir);
  const archive = execFileSync('git', ['archive', PREVIOUS_PLATFORM.commit, 'platform'], { cwd: REPO });
  execFileSync('tar', ['-x', '--strip-components=1', '-C', platformDir], { input: archive });
  const pkgFile = path.join(platformDir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string };
  writeFileSync(pkgFile, JSON.stringify({ ...pkg, version: PREVIOUS_PLATFORM.version }, null, 2));
  const configFile = path.join(module.folder, 'webpack.config.js');
  const config = readFileSync(configFile, 'utf8');
  writeFileSync(
    configFile,
    config.replace(
      'dir: __dirname,',
      "dir: __dirname,\n  platformDir: require('node:path').join(__dirname, 'previous-platform'),",
    ),
  );
  // The generator's template uses nothing newer than 0.5.0 (startFirstScreen): the module is built as
  // generated. (A template gaining a 0.6.0 call would drop its lines here, as 0.5.0's were for 0.4.0.)
  return platformDir;
}

/** SHA-256 over every file of a folder (paths and contents), to prove a build output did not change. */
export function hashFolder(folder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(folder, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

export type WebRoot = { dir: string; manifestFile: string; remove: () => void };

/**
 * A deployment's web root: the built shell and the four remotes of the repository (linked, never copied
 * or rebuilt) and a copy of the committed remotes.json, which the test then edits like a deployment.
 */
export function deploymentWebRoot(): WebRoot {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-web-'));
  for (const folder of ['shell', 'mfe-auth', 'mfe-prospecting', 'mfe-settings', 'mfe-billing']) {
    mkdirSync(path.join(dir, folder));
    symlinkSync(path.join(REPO, folder, 'dist'), path.join(dir, folder, 'dist'), 'dir');
  }
  const manifestFile = path.join(dir, 'remotes.json');
  copyFileSync(path.join(REPO, 'remotes.json'), manifestFile);
  return { dir, manifestFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
