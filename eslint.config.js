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
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const lower = ['src/ui', 'src/lib', 'src/api', 'src/state', 'src/i18n', 'src/platform']

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
            ...features.map((feature) => ({
              target: `src/features/${feature}`,
              from: 'src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move shared code to ui/, lib/ or api/.',
            })),
          ],
        },
      ],
    },
  },
)
