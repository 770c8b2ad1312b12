/**
 * Files the repository commits for tests (tests/fixtures/…). A test that needs one reads it through here, so a missing
 * file fails the test with a sentence naming it, never skips it silently: a test that quietly stops running proves
 * nothing and nobody notices.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = resolve(ROOT, 'tests/fixtures');

export class MissingFixtureError extends Error {}

/** The absolute path of a committed fixture (relative to tests/fixtures), or an error naming it when it is missing. */
export function committedFixture(path: string): string {
  const absolute = resolve(FIXTURES, path);
  if (!existsSync(absolute)) {
    throw new MissingFixtureError(
      `The committed test fixture ${relative(ROOT, absolute)} is missing: restore it (git checkout -- ${relative(ROOT, absolute)}) rather than skip the test.`,
    );
  }
  return absolute;
}

/** The bytes of a committed fixture (see committedFixture). */
export function readCommittedFixture(path: string): Buffer {
  return readFileSync(committedFixture(path));
}
