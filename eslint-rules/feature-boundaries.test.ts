import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const FIXTURES = 'tests/fixtures/lint/src';

/** Lints fixture files with the repository's own eslint.config.js (which otherwise ignores the fixtures). */
async function boundaryErrors(file: string) {
  const eslint = new ESLint({ ignore: false });
  const [result] = await eslint.lintFiles([`${FIXTURES}/${file}`]);
  return (result?.messages ?? []).filter((message) => message.ruleId === 'crosswalk/feature-boundaries').map((message) => ({ line: message.line, message: message.message }));
}

// The first lint loads the TypeScript parser and the whole config: seconds on a busy machine, not a measure of anything.
describe('lint: a feature imports another feature only through its index.ts', { timeout: 60_000 }, () => {
  it("refuses a server feature reaching into another's files, naming the public entry to use", async () => {
    expect(await boundaryErrors('server/features/alpha/reaches-into-beta.ts')).toEqual([
      {
        line: 2,
        message:
          "features/alpha reaches into features/beta ('../beta/beta.service'). Import it from the feature's public entry ('../beta'), and export what is needed from features/beta/index.ts.",
      },
    ]);
  });

  it('refuses it in the web too, by alias or relative path, in imports and re-exports', async () => {
    expect((await boundaryErrors('web/features/alpha/reaches-into-auth.ts')).map((error) => error.line)).toEqual([2, 5]);
  });

  it("lets through another feature's index and a feature's own files", async () => {
    expect(await boundaryErrors('server/features/alpha/uses-beta-entry.ts')).toEqual([]);
  });
});
