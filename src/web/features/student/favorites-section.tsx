import { useState } from 'react';
import type { FavoriteSchool } from '@shared/schemas/student';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useAddFavorites, useRemoveFavorite } from './student-api';

/** Spec section 5: add comma-separated schools (duplicates dropped by the server, any case); remove one. */
export function FavoritesSection({ favorites }: { favorites: FavoriteSchool[] }) {
  const [text, setText] = useState('');
  const add = useAddFavorites();
  const remove = useRemoveFavorite();
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim()) return;
          add.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <div className="flex-1">
          <FormField label="Add favorite universities" hint="Separate schools with commas." value={text} onChange={(event) => setText(event.target.value)} maxLength={5000} />
        </div>
        <Button type="submit" disabled={add.isPending || !text.trim()}>
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
