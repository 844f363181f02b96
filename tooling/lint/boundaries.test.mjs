// The boundary rules of eslint.config.mjs (docs/decisions/lint-boundaries.md), run through ESLint's API
// on small in-memory files placed where the rule applies.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `file`. */
async function restrictions(file, code) {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, {
    filePath: path.join(root, file),
  });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

const cases = [
  // (a) an API module reaches another module through its module.ts only
  ['api/src/modules/invitations/service.ts', "import value from '../accounts/repository';", true],
  ['api/src/modules/invitations/service.ts', "import value from '../accounts/sessions';", true],
  ['api/src/modules/invitations/service.ts', "import type value from '../accounts/repository';", true],
  ['api/src/modules/invitations/service.ts', "export { value } from '../accounts/service';", true],
  ['api/src/modules/invitations/deep/service.ts', "import value from '../../accounts/repository';", true],
  ['api/src/modules/invitations/service.ts', "import value from '../../modules/accounts/repository';", true],
  ['api/src/modules/invitations/service.ts', "import value from '../accounts/module';", false],
  ['api/src/modules/invitations/service.ts', "import value from './repository';", false],
  ['api/src/modules/invitations/service.ts', "import value from '../../http/app-error';", false],
  ['api/src/modules/invitations/deep/service.ts', "import value from '../repository';", false],
  // (b) a remote's feature imports its own files, the shared folders, platform and domain
  [
    'mfe-prospecting/src/features/rounds/components/x.tsx',
    "import value from '../../opportunities/hooks/y';",
    true,
  ],
  ['mfe-prospecting/src/features/rounds/x.ts', "import value from '../opportunities/y';", true],
  [
    'mfe-settings/src/features/roles/components/x.tsx',
    "import value from '../../../features/account/api/y';",
    true,
  ],
  ['mfe-prospecting/src/features/rounds/components/x.tsx', "import value from '../utils/tour';", false],
  [
    'mfe-prospecting/src/features/rounds/components/x.tsx',
    "import value from '../../../hooks/use-list-view';",
    false,
  ],
  ['mfe-prospecting/src/features/rounds/components/x.tsx', "import value from '@app/platform';", false],
  ['mfe-prospecting/src/hooks/x.ts', "import value from '../features/rounds/utils/tour';", true],
  // browser code keeps the react-router restriction where the boundary rules replace the entry
  ['mfe-prospecting/src/features/rounds/components/x.tsx', "import value from 'react-router';", true],
  ['mfe-prospecting/src/hooks/x.ts', "import value from 'react-router';", true],
  ['platform/src/api/x.ts', "import value from 'react-router';", true],
  ['shell/src/layout/x.tsx', "import value from 'react-router';", true],
  // a remote imports neither another remote nor the shell; the shell imports no remote
  ['mfe-settings/src/features/roles/components/x.tsx', "import value from '@app/mfe-billing';", true],
  ['mfe-settings/src/routes.tsx', "import value from '../../mfe-prospecting/src/routes';", true],
  ['mfe-billing/src/hooks/x.ts', "import value from '@app/shell';", true],
  ['mfe-billing/src/routes.tsx', "import value from 'react-router';", true],
  ['mfe-billing/src/routes.tsx', "import value from './features/subscription/components/x';", false],
  ['shell/src/app.tsx', "import value from '@app/mfe-auth';", true],
  ['shell/src/app.tsx', "import value from '../../mfe-auth/src/routes';", true],
  ['shell/src/app.tsx', "import value from '@app/platform';", false],
  // (c) platform and domain never import a remote
  ['platform/src/api/x.ts', "import value from '@app/mfe-prospecting';", true],
  ['platform/src/api/x.ts', "import value from '../../../mfe-settings/src/routes';", true],
  ['platform/src/api/x.ts', "import value from 'prospecting/Routes';", true],
  ['domain/src/x.ts', "import value from '../../mfe-billing/src/routes';", true],
  ['platform/src/router/react-router-dom.ts', "import value from '@app/mfe-auth';", true],
  ['platform/src/router/react-router-dom.ts', "import value from 'react-router';", false],
  ['platform/src/api/x.ts', "import value from '@app/domain';", false],
];

for (const [file, code, refused] of cases) {
  test(`${file}: ${code} is ${refused ? 'refused' : 'allowed'}`, async () => {
    const messages = await restrictions(file, code);
    assert.equal(messages.length > 0, refused, JSON.stringify(messages.map((message) => message.message)));
  });
}
