#!/usr/bin/env node
// `npm run new-module -- <name>`: a new remote package mfe-<name>/ from ./template (webpack config through
// the shared factory, ./Routes, a first screen in the dashboard layout, a test, the usual scripts), added
// to the root workspaces and, with --manifest, to the remotes manifest (docs/decisions/module-manifest.md).
const { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { SINGLETONS } = require('../webpack/shared');

const REPO = path.resolve(__dirname, '../..');
const TEMPLATE = path.join(__dirname, 'template');
const NAME = /^[a-z][a-z0-9]{1,29}$/;
/** Package folders and federation names already taken by the platform. */
const RESERVED = new Set(['shell', 'platform', 'domain', 'api', 'e2e', 'bench', 'tooling', 'remotes']);
const FIRST_DEV_PORT = 3006;

class GeneratorError extends Error {}

const USAGE = `Utilisation : npm run new-module -- <nom> [--title "Titre"] [--description "Texte"] [--icon <icône>]
  [--permission <bit>] [--manifest[=<fichier remotes.json>]] [--entry <URL du mf-manifest.json>] [--no-workspace]`;

/** Permission bits and labels of domain/src/permissions.ts, read from its source (one table for both). */
function permissionBits(root) {
  const source = readFileSync(path.join(root, 'domain/src/permissions.ts'), 'utf8');
  return new Map(
    [...source.matchAll(/bit: (\d+),\s*label: ['"](.+?)['"],/g)].map((match) => [Number(match[1]), match[2]]),
  );
}

/** Package that owns a (possibly deep) import, e.g. react-dom/client -> react-dom. */
const packageOf = (request) =>
  request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];

/**
 * The dependencies of a new remote: every shared singleton (tooling/webpack/shared.js, which refuses a
 * remote that does not declare one) at the platform's own range, the platform at its version and the
 * domain at the platform's, so a module generated after a platform release never starts out of date.
 */
function sharedDependencies(root) {
  const platform = readJson(path.join(root, 'platform/package.json'));
  const dependencies = {};
  for (const owner of new Set(SINGLETONS.map(packageOf))) {
    const range = platform.dependencies?.[owner];
    if (!range) throw new GeneratorError(`platform/package.json ne déclare pas ${owner}.`);
    dependencies[owner] = range;
  }
  dependencies['@app/platform'] = platform.version;
  dependencies['@app/domain'] = platform.dependencies['@app/domain'];
  return dependencies;
}

/** Icon names of the shell's icon set, read from its source so the generator never drifts from it. */
function shellIconNames(root) {
  const source = readFileSync(path.join(root, 'shell/src/layout/icons.tsx'), 'utf8');
  const paths = source.slice(source.indexOf('const PATHS'), source.indexOf('} as const'));
  return [...paths.matchAll(/^\s{2}(\w+):/gm)].map((match) => match[1]);
}

/** The next development port after those of the existing packages (3001-3005 today). */
function nextDevPort(root) {
  const ports = readdirSync(root)
    .map((folder) => path.join(root, folder, 'webpack.config.js'))
    .filter((file) => existsSync(file))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/devPort:\s*(\d+)/g)].map((match) => Number(match[1])),
    );
  return Math.max(FIRST_DEV_PORT - 1, ...ports) + 1;
}

function replaceInTree(folder, values) {
  for (const entry of readdirSync(folder)) {
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) {
      replaceInTree(file, values);
      continue;
    }
    let text = readFileSync(file, 'utf8');
    for (const [placeholder, value] of Object.entries(values)) text = text.split(placeholder).join(value);
    writeFileSync(file, text);
  }
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Creates mfe-<name>/ under `root` and returns what it did. Refuses, with a French message and without
 * writing anything, a bad name, an existing package, or a name the manifest already uses.
 * @param {{ name: string, root?: string, title?: string, description?: string, icon?: string,
 *   permission?: number | string, manifest?: string | null, entry?: string, workspace?: boolean }} options
 */
function generateModule(options) {
  const root = options.root ?? REPO;
  const { name } = options;
  if (typeof name !== 'string' || !NAME.test(name))
    throw new GeneratorError(
      `Nom de module invalide « ${name ?? ''} » : de 2 à 30 lettres minuscules ou chiffres, en commençant par une lettre (exemple : crm).`,
    );
  if (RESERVED.has(name)) throw new GeneratorError(`Le nom « ${name} » est réservé à la plateforme.`);
  const folder = path.join(root, `mfe-${name}`);
  if (existsSync(folder))
    throw new GeneratorError(`Le module « ${name} » existe déjà (dossier mfe-${name}).`);
  const icon = options.icon ?? 'briefcase';
  const icons = shellIconNames(root);
  if (!icons.includes(icon))
    throw new GeneratorError(`Icône inconnue « ${icon} » : choisissez parmi ${icons.join(', ')}.`);
  let permission;
  if (options.permission !== undefined) {
    const bits = permissionBits(root);
    permission = Number(options.permission);
    if (!bits.has(permission))
      throw new GeneratorError(
        `Permission inconnue « ${options.permission} » : indiquez un bit de domain/src/permissions.ts (${[
          ...bits,
        ]
          .map(([bit, label]) => `${bit} ${label}`)
          .join(', ')}).`,
      );
  }
  const dependencies = sharedDependencies(root);
  const manifestFile = options.manifest ?? null;
  const manifest = manifestFile ? readJson(manifestFile) : null;
  // A module announced without a remote (a "Bientôt disponible" card such as crm) is completed, keeping
  // its texts; a module that already has a remote is refused.
  const announced = manifest && Object.hasOwn(manifest, name) ? manifest[name] : null;
  if (announced && (typeof announced !== 'object' || announced.entry !== undefined))
    throw new GeneratorError(`Le manifeste ${manifestFile} contient déjà une entrée « ${name} ».`);

  const title = options.title ?? announced?.module?.title ?? `Module ${name}`;
  const description = options.description ?? announced?.module?.description ?? `Le module ${title}.`;
  const route = `/dashboard/${name}`;
  const devPort = nextDevPort(root);
  cpSync(TEMPLATE, folder, { recursive: true });
  replaceInTree(folder, {
    __NAME__: name,
    __TITLE__: title,
    __ROUTE__: route,
    __DEV_PORT__: String(devPort),
    __COMPONENT__: name[0].toUpperCase() + name.slice(1),
  });
  const packageFile = path.join(folder, 'package.json');
  writeJson(packageFile, { ...readJson(packageFile), dependencies });

  const done = { folder, route, devPort, workspace: false, manifest: null };
  if (options.workspace !== false) {
    const packageFile = path.join(root, 'package.json');
    const pkg = readJson(packageFile);
    const covered = pkg.workspaces.some((pattern) => pattern === `mfe-${name}` || pattern === 'mfe-*');
    if (!covered) {
      // Before the packages that are not remotes (api, e2e, bench), after the last remote.
      const at = pkg.workspaces.findLastIndex((pattern) => pattern.startsWith('mfe-')) + 1;
      pkg.workspaces.splice(at, 0, `mfe-${name}`);
      writeJson(packageFile, pkg);
    }
    done.workspace = true;
  }
  if (manifest) {
    // A permission gates the card and the navigation entry alike: only roles holding it see them.
    const gate = permission === undefined ? {} : { permission };
    manifest[name] = {
      entry: options.entry ?? `/remotes/${name}/mf-manifest.json`,
      routes: [route],
      module: {
        title,
        description,
        icon,
        to: route,
        ...gate,
        active: true,
        navigation: [{ label: title, icon, to: route, ...gate, active: true }],
      },
    };
    writeJson(manifestFile, manifest);
    done.manifest = manifestFile;
  }
  return done;
}

function parseArguments(argv) {
  const options = {};
  const positional = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const [flag, inline] = argument.split(/=(.*)/s, 2);
    const value = () => inline ?? argv[(index += 1)];
    if (flag === '--title') options.title = value();
    else if (flag === '--description') options.description = value();
    else if (flag === '--icon') options.icon = value();
    else if (flag === '--entry') options.entry = value();
    else if (flag === '--permission') options.permission = value();
    else if (flag === '--manifest')
      options.manifest = inline ? path.resolve(inline) : path.join(REPO, 'remotes.json');
    else if (flag === '--no-workspace') options.workspace = false;
    else if (flag === '--help') options.help = true;
    else if (argument.startsWith('--'))
      throw new GeneratorError(`Option inconnue « ${argument} ».\n${USAGE}`);
    else positional.push(argument);
  }
  if (positional.length !== 1 && !options.help)
    throw new GeneratorError(`Indiquez un seul nom de module.\n${USAGE}`);
  return { ...options, name: positional[0] };
}

function main() {
  try {
    const options = parseArguments(process.argv.slice(2));
    if (options.help) {
      console.log(USAGE);
      return;
    }
    const done = generateModule(options);
    const relative = path.relative(process.cwd(), done.folder) || '.';
    console.log(
      `Module créé dans ${relative} (route ${done.route}, serveur de développement sur le port ${done.devPort}).`,
    );
    if (done.workspace) console.log('Ajouté aux workspaces : lancez « npm install » pour le relier.');
    if (done.manifest)
      console.log(
        `Ajouté au manifeste ${done.manifest} ; déployé ailleurs, indiquez son adresse avec REMOTE_URL_${options.name.toUpperCase()}=<URL de son mf-manifest.json>.`,
      );
    else
      console.log(
        'Pour l’afficher, ajoutez son entrée au remotes.json du déploiement (ou relancez avec --manifest).',
      );
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

if (require.main === module) main();

module.exports = { generateModule, parseArguments, GeneratorError };
