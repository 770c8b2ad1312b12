import { useQueryClient } from '@tanstack/react-query';
import { addFavoritesSchema, splitSchoolList, type FavoriteSchool } from '@shared/schemas/student';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SchoolCombobox, schoolQueries } from '../schools';
import { useAddFavorites, useRemoveFavorite } from './student-queries';

/** The school being typed: the text after the last comma. */
const typingNow = (list: string) => list.slice(list.lastIndexOf(',') + 1).trim();

/** The list with the school being typed replaced by a picked one, ready for the next. */
function withPicked(list: string, school: string): string {
  const before = list.slice(0, list.lastIndexOf(',') + 1);
  return `${before}${before ? ' ' : ''}${school}, `;
}

const quoteList = (names: string[]) => names.map((name) => `“${name}”`).join(', ');

/**
 * Spec section 5: add comma-separated schools (duplicates dropped by the server, any case); remove one. The school being
 * typed (after the last comma) is offered from every school Crosswalk knows, by any name it goes by, in the shared
 * picker; a name we do not know is added only when the student says so, so a typo does not quietly become a "university".
 */
export function FavoritesSection({ favorites }: { favorites: FavoriteSchool[] }) {
  const form = useSchemaForm({ schema: addFavoritesSchema, initialValues: { schools: '' }, messages: { schools: 'Type at least one school' } });
  const add = useAddFavorites();
  const remove = useRemoveFavorite();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [unknown, setUnknown] = useState<{ list: string; names: string[] } | null>(null);
  const typed = form.values.schools.trim() !== '';
  const kept = new Set([...favorites.map((favorite) => favorite.school), ...splitSchoolList(form.values.schools)].map((name) => name.toLowerCase()));


  const save = (schools: string) =>
    add.mutate(schools, {
      onSuccess: () => {
        form.setValue('schools', '');
        setUnknown(null);
      },
    });

  const submit = async (schools: string) => {
    setUnknown(null);
    setChecking(true);
    try {
      const names = splitSchoolList(schools);
      const found = await Promise.all(names.map((name) => queryClient.fetchQuery(schoolQueries.search(name))));
      const notKnown = names.filter((_, index) => !found[index]?.some((school) => school.exact));
      if (notKnown.length > 0) {
        setUnknown({ list: schools, names: notKnown });
        return;
      }
    } catch {
      // The check helps the student; it does not guard anything (the server keeps any school the student confirms).
    } finally {
      setChecking(false);
    }
    save(schools);
  };

  const pick = (school: string) => {
    form.setValue('schools', withPicked(form.values.schools, school));
    setUnknown(null);
    input.current?.focus();
  };

  const field = form.textField('schools');
  return (
    <div className="flex flex-col gap-4">
      <form className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate onSubmit={form.handleSubmit(({ schools }) => void submit(schools))}>
        <div className="flex-1">
          <SchoolCombobox
            label="Add favorite universities"
            hint="Start typing to pick any school, by any name it goes by. Separate schools with commas."
            value={field.value}
            query={typingNow(form.values.schools)}
            onValueChange={(text) => {
              form.setValue('schools', text);
              setUnknown(null);
            }}
            onPick={(school) => pick(school.name)}
            error={field.error}
            inputRef={input}
            maxLength={5000}
            omit={(school) => kept.has(school.name.toLowerCase())}
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={add.isPending || checking || !typed}>
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </form>
      {unknown && (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            We don’t know {quoteList(unknown.names)} yet. Check the spelling or pick a school we know, or add{' '}
            {unknown.names.length === 1 ? 'it as a new school' : 'them as new schools'}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => save(unknown.list)} disabled={add.isPending}>
              {unknown.names.length === 1 ? `Add “${unknown.names[0]}” as a new school` : 'Add them as new schools'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setUnknown(null);
                input.current?.focus();
              }}
            >
              Keep editing
            </Button>
          </div>
        </div>
      )}
      {add.isError && <p role="alert" className="text-sm text-red-700">{add.error.message}</p>}
      {favorites.length === 0 ? (
        <p className="text-sm text-slate-600">No favorites yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Favorite universities">
          {favorites.map((favorite) => (
            <li key={favorite.id} className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm font-medium text-brand-800">
              {favorite.school}
              <button
                type="button"
                onClick={() => remove.mutate(favorite.id)}
                disabled={remove.isPending && remove.variables === favorite.id}
                className="inline-flex h-8 w-8 items-center justify-center rounded-full text-base text-brand-700 hover:bg-brand-100"
                aria-label={`Remove ${favorite.school}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <p role="alert" className="text-sm text-red-700">Unable to remove that school. Please try again.</p>}
    </div>
  );
}
