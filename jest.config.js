/** One jest run for every suite: contracts and dto (unit), api (unit + e2e against a real database), cli, storefront (server helpers). */
const tsJest = (tsconfig) => ({ '^.+\\.tsx?$': ['ts-jest', { tsconfig, diagnostics: false }] });
const moduleNameMapper = {
  '^@jara/contracts$': '<rootDir>/libs/contracts/src/index.ts',
  '^@jara/dto$': '<rootDir>/libs/dto/src/index.ts',
  // The API's maintenance entry point (the CLI's one import of the API); Node maps it to the build via package.json "imports".
  '^#api-maintenance$': '<rootDir>/apps/api/src/maintenance.ts',
};

module.exports = {
  projects: [
    {
      displayName: 'contracts',
      rootDir: __dirname,
      // data/ holds databases, uploads and bench checkouts: never modules or tests.
      modulePathIgnorePatterns: ['<rootDir>/data/'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/contracts/src/**/*.spec.ts'],
      transform: tsJest('<rootDir>/tsconfig.spec.json'),
      moduleNameMapper,
    },
    {
      displayName: 'dto',
      rootDir: __dirname,
      // data/ holds databases, uploads and bench checkouts: never modules or tests.
      modulePathIgnorePatterns: ['<rootDir>/data/'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/dto/src/**/*.spec.ts'],
      transform: tsJest('<rootDir>/tsconfig.spec.json'),
      moduleNameMapper,
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      // data/ holds databases, uploads and bench checkouts: never modules or tests.
      modulePathIgnorePatterns: ['<rootDir>/data/'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/apps/api/src/**/*.spec.ts', '<rootDir>/apps/api/test/**/*.e2e-spec.ts'],
      transform: tsJest('<rootDir>/tsconfig.spec.json'),
      moduleNameMapper,
    },
    {
      displayName: 'cli',
      rootDir: __dirname,
      // data/ holds databases, uploads and bench checkouts: never modules or tests.
      modulePathIgnorePatterns: ['<rootDir>/data/'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tools/cli/**/*.spec.ts'],
      transform: tsJest('<rootDir>/tsconfig.spec.json'),
      moduleNameMapper,
    },
    {
      displayName: 'storefront',
      rootDir: __dirname,
      // data/ holds databases, uploads and bench checkouts: never modules or tests.
      modulePathIgnorePatterns: ['<rootDir>/data/'],
      testEnvironment: 'node',
      testMatch: ['<rootDir>/apps/storefront/app/**/*.spec.ts'],
      // origin-rule.js is plain ESM shared with server.mjs; ts-jest (allowJs) turns it into CommonJS too.
      transform: {
        '^.+\\.(tsx?|js)$': [
          'ts-jest',
          { tsconfig: '<rootDir>/apps/storefront/tsconfig.spec.json', diagnostics: false },
        ],
      },
      moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
      moduleNameMapper: { ...moduleNameMapper, '^~/(.*)$': '<rootDir>/apps/storefront/app/$1' },
    },
  ],
  testTimeout: 60000,
};
