import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries (docs/decisions/lint-boundaries.md). ESLint's own no-restricted-imports sees the import
// string, not the resolved file, so each rule is written per folder depth: from a file `depth` folders
// below `modules/<a>/` (or `features/<a>/`), `../` repeated `depth` times reaches the sibling folders.
const DEPTHS = [1, 2, 3, 4];
const up = (depth) => '\\.\\./'.repeat(depth);
const below = (root, depth) => `${root}/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`;

// Browser code may not import react-router itself: the page shares a curated react-router-dom
// (platform/src/router); a second router's context would be invisible to the shared one.
const REACT_ROUTER = { name: 'react-router', message: "Importer depuis 'react-router-dom'." };

// A remote never imports another remote or the shell; the shell reaches remotes through the federation
// runtime only (docs/architecture.md).
const APP_MESSAGE =
  "Un remote n'importe ni un autre remote ni le shell (le shell les charge par la fédération).";
const OTHER_APP_PATTERNS = [
  { regex: '^@app/(mfe-|shell$)', message: APP_MESSAGE },
  { regex: '(^|/)(mfe-[^/]+|shell)/src(/|$)', message: APP_MESSAGE },
];
const SHELL_MESSAGE = 'Le shell charge les remotes par la fédération (remotes.json), il ne les importe pas.';
const SHELL_PATTERNS = [
  { regex: '^@app/mfe-', message: SHELL_MESSAGE },
  { regex: '(^|/)mfe-[^/]+/src(/|$)', message: SHELL_MESSAGE },
];

/** An API module reaches another one through its public face `module.ts` only. */
const apiModuleBoundaries = DEPTHS.map((depth) => ({
  files: [below('api/src/modules', depth)],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^${up(depth)}(?!\\.\\.(/|$))[^/]+/(?!module$).+`,
            message:
              "Un module de l'API n'importe d'un autre module que son module.ts (createXModule et ses ports).",
          },
          {
            regex: '(^|/)modules/[^/]+/(?!module$).+',
            message:
              "Un module de l'API n'importe d'un autre module que son module.ts (createXModule et ses ports).",
          },
        ],
      },
    ],
  },
}));

const FEATURE_MESSAGE =
  "Une fonctionnalité n'importe que ses fichiers, les dossiers partagés du remote (components/, hooks/…), @app/platform et @app/domain : ce que deux fonctionnalités partagent va dans ces dossiers, et routes.tsx les assemble.";

/** A remote's feature imports its own files, the remote's shared folders, @app/platform and @app/domain. */
const remoteFeatureBoundaries = DEPTHS.map((depth) => ({
  files: [below('mfe-*/src/features', depth)],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [REACT_ROUTER],
        patterns: [
          { regex: `^${up(depth)}(?!\\.\\.(/|$))[^/]+`, message: FEATURE_MESSAGE },
          { regex: '(^|/)features/', message: FEATURE_MESSAGE },
          ...OTHER_APP_PATTERNS,
        ],
      },
    ],
  },
}));

const REMOTE_MESSAGE = "La plateforme et le domaine ne dépendent d'aucun remote : le remote dépend d'eux.";
const REMOTE_PATTERNS = [
  { regex: '^@app/mfe-', message: REMOTE_MESSAGE },
  { regex: '(^|/)mfe-[^/]+(/|$)', message: REMOTE_MESSAGE },
  // a federated module (`<remote>/Routes`) is reached by the shell's loader, never imported
  { regex: '^[a-z0-9]+/Routes$', message: REMOTE_MESSAGE },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/.data/**',
      '**/test-results/**',
      'bench/results/**',
      // Holds the generator's placeholders (__DEV_PORT__ is a number once replaced).
      'tooling/new-module/template/webpack.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['{shell,platform,mfe-*}/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // The page shares a curated react-router-dom (platform/src/router): importing react-router itself
      // would bundle a second router whose context the shared one cannot see.
      'no-restricted-imports': ['error', { paths: [REACT_ROUTER] }],
    },
  },
  // A later no-restricted-imports for the same file replaces the earlier one: each entry below keeps
  // the react-router restriction where it applies.
  {
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [REACT_ROUTER], patterns: OTHER_APP_PATTERNS }] },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [REACT_ROUTER], patterns: SHELL_PATTERNS }],
    },
  },
  ...apiModuleBoundaries,
  {
    files: ['mfe-*/src/{components,hooks,utils,api,types,test-utils,layout,session}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [REACT_ROUTER],
          patterns: [{ regex: '(^|/)features/', message: FEATURE_MESSAGE }, ...OTHER_APP_PATTERNS],
        },
      ],
    },
  },
  ...remoteFeatureBoundaries,
  {
    files: ['platform/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [REACT_ROUTER], patterns: REMOTE_PATTERNS }] },
  },
  {
    files: ['domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: REMOTE_PATTERNS }] },
  },
  {
    files: ['platform/src/router/react-router-dom.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: REMOTE_PATTERNS }] },
  },
  {
    files: ['**/*.{js,cjs,mjs}', '**/*.config.{js,ts}', 'tooling/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
