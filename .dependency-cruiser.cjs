// The architecture's rules (issue 29, docs/architecture.md, decision 0465), checked by
// `npm run depcruise` (part of `npm run lint`). Layers, top to bottom:
//   client: app (route table, shell, providers) → features/* → entities/*, player/ →
//           components/, lib/ → src/shared
//   server: app.ts, app-features.ts, main.ts, events/ → features/* →
//           plugins/, db/, storage/, media/, jobs/, observability/, openapi/ → src/shared
// TypeScript is read through Babel (depcruise.babel.cjs says why), so the command names the files
// with a glob: `depcruise "src/**/*.{ts,tsx}"`.

const CLIENT_LOWER = '^src/client/(components|lib)/';
const CLIENT_BUILDING_BLOCKS = '^src/client/(entities|player)/';
const CLIENT_APP = '^src/client/(app/|app\\.tsx|main\\.tsx|lazy-[a-z-]+\\.tsx?$)';
const SERVER_LOWER = '^src/server/(plugins|db|storage|media|jobs|observability|openapi)/';
const SERVER_APP = '^src/server/(app\\.ts|app-features\\.ts|app-options\\.ts|main\\.ts|events/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself again through its imports, anywhere in src/.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-feature-public-surface',
      comment:
        "A client feature uses another only through its index.ts; the rest of a feature's folder is private.",
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: {
        path: '^src/client/features/([^/]+)/',
        pathNot: ['^src/client/features/$1/', '^src/client/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'client-features-below-app',
      comment: 'Features never import the app layer that composes them.',
      severity: 'error',
      from: { path: '^src/client/features/' },
      to: { path: CLIENT_APP },
    },
    {
      name: 'client-building-blocks-below-features',
      comment: 'entities/ and player/ serve features; they never import a feature or the app.',
      severity: 'error',
      from: { path: CLIENT_BUILDING_BLOCKS },
      to: { path: ['^src/client/features/', CLIENT_APP] },
    },
    {
      name: 'client-lowest-layers',
      comment: 'components/ and lib/ are the bottom of the client: nothing above them is imported.',
      severity: 'error',
      from: { path: CLIENT_LOWER },
      to: { path: ['^src/client/features/', CLIENT_BUILDING_BLOCKS, CLIENT_APP] },
    },
    {
      name: 'server-lower-layers-no-features',
      comment:
        'plugins/, db/, storage/, media/, jobs/, observability/ and openapi/ never import a feature or the app.',
      severity: 'error',
      from: { path: SERVER_LOWER },
      to: { path: ['^src/server/features/', SERVER_APP] },
    },
    {
      name: 'server-features-below-app',
      comment: 'Features never import the app layer (buildApp, the live-event delivery).',
      severity: 'error',
      from: { path: '^src/server/features/' },
      to: { path: SERVER_APP },
    },
    {
      name: 'server-feature-public-surface',
      comment: "A server feature uses another only through its services' public functions (*.service.ts).",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: {
        path: '^src/server/features/([^/]+)/',
        pathNot: ['^src/server/features/$1/', '\\.service\\.ts$'],
      },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'heavy-packages-load-lazily',
      comment:
        'sharp, the AWS SDK, Redis and the OpenTelemetry SDK cost an instance ~130 MB it may never use: only their loaders import them, and only on demand (decision 0495).',
      severity: 'error',
      from: {
        path: '^src/server/',
        pathNot: [
          '^src/server/storage/s3-(store|file-upload)\\.ts$',
          '^src/server/observability/tracing\\.ts$',
          '^src/server/media/sharp\\.ts$',
        ],
      },
      // Type imports count too (Babel keeps them, decision 0465): a type comes through the loader.
      to: {
        path: '(^|node_modules/)(sharp|ioredis|@aws-sdk/|@opentelemetry/(sdk|exporter)|@fastify/otel)',
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'lazy-modules-imported-on-demand',
      comment:
        'The modules that load those packages are reached by import() only, so start-up never loads them.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: ['^src/server/storage/s3-(store|file-upload)\\.ts$'] },
      to: {
        path: ['^src/server/storage/s3-(store|file-upload)\\.ts$', '^src/server/observability/tracing\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared runs on both sides: it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/test/', '^src/client/test/'] },
    // Absolute, so the rules' own test can cruise a fixture tree with this very file.
    babelConfig: { fileName: require('node:path').join(__dirname, 'depcruise.babel.cjs') },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
