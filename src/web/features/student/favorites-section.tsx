import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addFavoritesSchema, splitSchoolList, type FavoriteSchool } from '@shared/schemas/student';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSchemaForm } from '../../lib/use-schema-form';
import { schoolQueries, useAddFavorites, useRemoveFavorite } from './student-queries';

/** The school being typed: the text after the last comma. */
const typingNow = (list: string) => list.slice(list.lastIndexOf(',') + 1).trim();

/** The list with the school being typed replaced by a picked one, ready for the next. */
function withPicked(list: string, school: string): string {
  const before = list.slice(0, list.lastIndexOf(',') + 1);
  return `${before}${before ? ' ' : ''}${school}, `;
}

const quoteList = (names: string[]) => names.map((name) => `“${name}”`).join(', ');

/**
 * Spec section 5: add comma-separated schools (duplicates dropped by the server, any case); remove one. Schools we know
 * are offered as the student types; a name we do not know is added only when the student says so, so a typo does not
 * quietly become a "university".
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

  const typing = useDebouncedValue(typingNow(form.values.schools), 250);
  const suggestions = useQuery({ ...schoolQueries.search(typing), enabled: typing.length >= 2 });
  const kept = new Set([...favorites.map((favorite) => favorite.school), ...splitSchoolList(form.values.schools)].map((name) => name.toLowerCase()));
  const offered = typing.length >= 2 ? (suggestions.data ?? []).filter((school) => !kept.has(school.name.toLowerCase())) : [];

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
          <FormField
            label="Add favorite universities"
            hint="Start typing to pick a school we know. Separate schools with commas."
            {...field}
            onChange={(event) => {
              field.onChange(event);
              setUnknown(null);
            }}
            ref={input}
            autoComplete="off"
            maxLength={5000}
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={add.isPending || checking || !typed}>
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </form>
      {offered.length > 0 && (
        <div className="-mt-2 flex flex-col gap-1.5">
          <p id="school-suggestions" className="text-xs font-medium text-slate-700" aria-live="polite">
            Schools we know matching “{typing}”:
          </p>
          <ul className="flex flex-wrap gap-2" aria-labelledby="school-suggestions">
            {offered.map((school) => (
              <li key={school.id}>
                <button
                  type="button"
                  onClick={() => pick(school.name)}
                  className="rounded-full border border-brand-200 bg-white px-3 py-1.5 text-left text-sm font-medium text-brand-800 hover:bg-brand-50"
                >
                  {school.name}
                  {school.state && <span className="text-slate-600"> · {school.state}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
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
