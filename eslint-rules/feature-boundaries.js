/**
 * A feature (src/server/features/X, src/web/features/X) imports another feature only through that feature's public
 * entry, its index.ts: `../transcripts`, `../transcripts/index`, `@web/features/auth`. Anything deeper
 * (`../transcripts/transcripts.queries`, `@web/features/auth/use-account`) is refused, so the build fails when one
 * feature reaches into another's inside. A feature's own files import each other freely. docs/decisions/007-feature-boundaries.md.
 */
import path from 'node:path';

const FEATURE = /^(.*\/src\/(?:server|web)\/features)\/([^/]+)(?:\/(.*))?$/;
const ALIASES = { '@web/': 'src/web/' };

/** The file an import names, as an absolute path without its extension; null for packages. */
function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (!alias) return null;
  const root = fromFile.slice(0, fromFile.lastIndexOf('/src/') + 1);
  return path.join(root, ALIASES[alias], specifier.slice(alias.length));
}

const isPublicEntry = (rest) => rest === undefined || rest === '' || /^index(\.tsx?)?$/.test(rest);

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "a feature imports another feature only through that feature's index.ts" },
    messages: {
      deepImport:
        "features/{{from}} reaches into features/{{to}} ('{{specifier}}'). Import it from the feature's public entry ('{{entry}}'), and export what is needed from features/{{to}}/index.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const own = FEATURE.exec(file);
    if (!own) return {};
    const [, featuresRoot, ownFeature] = own;
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const resolved = resolveImport(file, source.value);
      if (!resolved) return;
      const target = FEATURE.exec(resolved.split(path.sep).join('/'));
      if (!target || target[1] !== featuresRoot || target[2] === ownFeature || isPublicEntry(target[3])) return;
      const entry = source.value.slice(0, source.value.length - (target[3]?.length ?? 0)).replace(/\/$/, '');
      context.report({ node, messageId: 'deepImport', data: { from: ownFeature, to: target[2], specifier: source.value, entry } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
