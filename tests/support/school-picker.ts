import type { Locator, Page } from 'playwright-core';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Chooses a school in one of the product's school pickers as a person does: types `typed` (any name it goes by) and
 * taps the school named `name` in the list offered.
 */
export async function chooseSchool(scope: Page | Locator, label: string, typed: string, name: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(typed);
  await scope.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}(?![\\w-])`) }).first().click();
}
