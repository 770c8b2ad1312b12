import { addFavoritesSchema, type FavoriteSchool } from '@shared/schemas/student';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAddFavorites, useRemoveFavorite } from './student-queries';

/** Spec section 5: add comma-separated schools (duplicates dropped by the server, any case); remove one. */
export function FavoritesSection({ favorites }: { favorites: FavoriteSchool[] }) {
  const form = useSchemaForm({ schema: addFavoritesSchema, initialValues: { schools: '' }, messages: { schools: 'Type at least one school' } });
  const add = useAddFavorites();
  const remove = useRemoveFavorite();
  const typed = form.values.schools.trim() !== '';
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        noValidate
        onSubmit={form.handleSubmit(({ schools }) => add.mutate(schools, { onSuccess: () => form.setValue('schools', '') }))}
      >
        <div className="flex-1">
          <FormField label="Add favorite universities" hint="Separate schools with commas." {...form.textField('schools')} maxLength={5000} />
        </div>
        <Button type="submit" disabled={add.isPending || !typed}>
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </form>
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
