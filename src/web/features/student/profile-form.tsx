import { useEffect, useState } from 'react';
import { MAX_FAVORITES, profileInputSchema, type StudentMe } from '@shared/schemas/student';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SchoolNameField } from '../schools';
import { useSaveProfile } from './student-queries';

const MESSAGE_CLEAR_MS = 3000;

const profileValues = (profile: StudentMe['profile']) => ({
  fullName: profile.fullName,
  currentSchool: profile.currentSchool,
  intendedMajor: profile.intendedMajor,
  targetSchools: profile.targetSchools.join(', '),
});

/** Spec sections 2, 4 and 5: the profile form; target schools as comma-separated text (they are the favorites). */
export function ProfileForm({ profile }: { profile: StudentMe['profile'] }) {
  const form = useSchemaForm({
    schema: profileInputSchema,
    initialValues: profileValues(profile),
    messages: { targetSchools: `Keep it to ${MAX_FAVORITES} schools, each at most 200 characters long` },
  });
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useSaveProfile();

  // Favorites added or removed elsewhere on the page show up in the text.
  const favoritesText = profile.targetSchools.join(', ');
  const [syncedFavorites, setSyncedFavorites] = useState(favoritesText);
  if (syncedFavorites !== favoritesText) {
    setSyncedFavorites(favoritesText);
    form.setValue('targetSchools', favoritesText);
  }

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // The schema trims every field and splits the schools (spec section 5); the server applies the same schema. The
  // fields then show what was saved: trimmed, the schools without blanks or repeats.
  const submit = form.handleSubmit((profileInput) => {
    setMessage(null);
    save.mutate(profileInput, {
      onSuccess: () => {
        form.setValues(profileValues(profileInput));
        setMessage({ tone: 'success', text: 'Profile saved ✅' });
      },
      onError: () => setMessage({ tone: 'error', text: 'Save failed. Please try again.' }),
    });
  });

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <FormField label="Full name" {...form.textField('fullName')} maxLength={200} autoComplete="name" />
      <SchoolNameField
        label="Current school"
        name="currentSchool"
        value={form.values.currentSchool}
        onChange={(name) => form.setValue('currentSchool', name)}
        error={form.errorFor('currentSchool')}
      />
      <FormField label="Intended major" {...form.textField('intendedMajor')} maxLength={200} />
      <FormField label="Target schools" hint="Separate schools with commas. These are your favorites." {...form.textField('targetSchools')} maxLength={5000} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
        {message && (
          <span role={message.tone === 'error' ? 'alert' : 'status'} className={`text-sm font-semibold ${message.tone === 'error' ? 'text-red-700' : 'text-green-700'}`}>
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}
