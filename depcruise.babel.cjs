// How dependency-cruiser reads TypeScript here (decision 0465). Its last release for Node 20
// (17.x) parses TypeScript through the `typescript` package's JavaScript API, which TypeScript 7
// no longer ships, so it goes through Babel, its other supported route: Babel strips the types and
// dependency-cruiser reads the JavaScript left.
//
// Babel drops `import type` statements, yet a type imported from another feature's private file
// couples the two as much as a value does, so the first plugin turns every type-only import and
// re-export into a plain one before the TypeScript preset runs (onlyRemoveTypeImports then keeps
// them all). Its output only feeds the dependency graph; nothing runs it.
const keepTypeImports = () => ({
  visitor: {
    Program(program) {
      for (const statement of program.get('body')) {
        const node = statement.node;
        const isImport = node.type === 'ImportDeclaration';
        const isReExport =
          (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source;
        if (!isImport && !isReExport) continue;
        if (isImport) node.importKind = 'value';
        else node.exportKind = 'value';
        for (const specifier of node.specifiers ?? []) {
          if (specifier.importKind) specifier.importKind = 'value';
          if (specifier.exportKind) specifier.exportKind = 'value';
        }
      }
    },
  },
});

const typescript = (isTSX) => [
  // Resolved from this file, so a tree cruised from elsewhere (the rules' own test) finds it.
  require.resolve('@babel/preset-typescript'),
  { isTSX, allExtensions: isTSX, onlyRemoveTypeImports: true },
];

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [typescript(false)],
  overrides: [{ test: /\.tsx$/, presets: [typescript(true)] }],
};
