import { useEffect, useState } from 'react';
import type { StudentMe } from '@shared/schemas/student';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { useSaveProfile } from './student-api';

const MESSAGE_CLEAR_MS = 3000;

/** Spec sections 2, 4 and 5: the profile form; target schools as comma-separated text (they are the favorites). */
export function ProfileForm({ profile }: { profile: StudentMe['profile'] }) {
  const [fullName, setFullName] = useState(profile.fullName);
  const [currentSchool, setCurrentSchool] = useState(profile.currentSchool);
  const [intendedMajor, setIntendedMajor] = useState(profile.intendedMajor);
  const [targetSchools, setTargetSchools] = useState(profile.targetSchools.join(', '));
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useSaveProfile();

  // Favorites added or removed elsewhere on the page show up in the text.
  const favoritesText = profile.targetSchools.join(', ');
  const [syncedFavorites, setSyncedFavorites] = useState(favoritesText);
  if (syncedFavorites !== favoritesText) {
    setSyncedFavorites(favoritesText);
    setTargetSchools(favoritesText);
  }

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const submit = async () => {
    setMessage(null);
    try {
      await save.mutateAsync({ fullName, currentSchool, intendedMajor, targetSchools });
      setMessage({ tone: 'success', text: 'Profile saved ✅' });
    } catch {
      setMessage({ tone: 'error', text: 'Save failed. Please try again.' });
    }
  };

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField label="Full name" value={fullName} onChange={(event) => setFullName(event.target.value)} maxLength={200} autoComplete="name" />
      <FormField label="Current school" value={currentSchool} onChange={(event) => setCurrentSchool(event.target.value)} maxLength={200} />
      <FormField label="Intended major" value={intendedMajor} onChange={(event) => setIntendedMajor(event.target.value)} maxLength={200} />
      <FormField
        label="Target schools"
        hint="Separate schools with commas. These are your favorites."
        value={targetSchools}
        onChange={(event) => setTargetSchools(event.target.value)}
        maxLength={5000}
      />
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
