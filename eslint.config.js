import js from '@eslint/js'
import { readdirSync } from 'node:fs'
import globals from 'globals'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const root = import.meta.dirname
// One zone per feature folder: a feature imports no other feature (shared code moves down to
// ui/, lib/ or api/). Read from disk so a new feature folder is covered without editing this file.
// The staff console is laid out the same way (issue 52 §4): ops/features/<view>, below them ops/ui,
// ops/lib and ops/api.
const featuresOf = (dir) => readdirSync(`${root}/${dir}`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `${dir}/${entry.name}`)
const features = [...featuresOf('src/features'), ...featuresOf('ops/features')]

const lower = ['src/ui', 'src/lib', 'src/api', 'src/state', 'src/i18n', 'src/platform']
const opsLower = ['ops/ui', 'ops/lib', 'ops/api']

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'test-results', 'playwright-report', 'coverage'] },
  // The rules of hooks where there are components and hooks: the app, the staff console and the
  // tests that render them. Their compiler-based rules analyse every function of a file they read;
  // on the server, the e2e tests and the scripts they found nothing and cost lint a quarter of its time.
  { files: ['src/**/*.{ts,tsx}', 'ops/**/*.{ts,tsx}', 'tests/**/*.tsx'], rules: reactHooks.configs.recommended.rules },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Parse TypeScript modules when following imports (no-restricted-paths resolves each one).
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // The lower layers never reach up into screens or the shell.
            { target: lower, from: 'src/features', message: 'Lower layers never import a feature.' },
            { target: lower, from: 'src/app', message: 'Lower layers import nothing from app/.' },
            { target: opsLower, from: 'ops/features', message: 'Lower layers never import a feature.' },
            { target: opsLower, from: 'ops/App.tsx', message: 'Lower layers import nothing from the shell.' },
            ...features.map((feature) => ({
              target: feature,
              from: feature.slice(0, feature.lastIndexOf('/')),
              except: [`./${feature.slice(feature.lastIndexOf('/') + 1)}`],
              message: 'A feature never imports another feature: move shared code to ui/, lib/ or api/.',
            })),
          ],
        },
      ],
    },
  },
)
