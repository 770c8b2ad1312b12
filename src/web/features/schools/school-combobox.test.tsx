// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SchoolSuggestion } from '@shared/schemas/equivalencies';
import { schoolSearch } from '../../../../tests/support/fake-schools';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import { SchoolCombobox, SchoolSelect, type ChosenSchool } from './school-combobox';

function Picker({ onPick = vi.fn(), firstChoices }: { onPick?: (school: SchoolSuggestion) => void; firstChoices?: 'search' | 'destination' }) {
  const [text, setText] = useState('');
  return <SchoolCombobox label="Target school" value={text} onValueChange={setText} onPick={(school) => (setText(school.name), onPick(school))} firstChoices={firstChoices} />;
}

const box = () => screen.getByRole('combobox', { name: 'Target school' });

describe('SchoolCombobox', () => {
  it('offers the schools a name matches, by any name they go by, and announces how many', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    renderWithApp(<Picker />);
    fireEvent.change(box(), { target: { value: 'UW Madison' } });
    const option = await screen.findByRole('option', { name: /University of Wisconsin-Madison/ }, { timeout: 5000 });
    expect(option).toHaveTextContent('Madison, WI · also known as UW-Madison');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(screen.getByTestId('school-count')).toHaveTextContent('1 school found.');
    expect(screen.getByTestId('school-count')).toHaveAttribute('aria-live', 'polite');
  });

  it('is used with the keyboard alone: ↓ moves, Enter chooses (without sending the form), Esc closes', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    const onPick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithApp(
      <form onSubmit={onSubmit}>
        <Picker onPick={onPick} />
      </form>,
    );
    fireEvent.change(box(), { target: { value: 'florida' } });
    await screen.findAllByRole('option', {}, { timeout: 5000 });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ key: 'fiu', name: 'Florida International University' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.change(box(), { target: { value: 'UCF' } });
    await screen.findByRole('option', { name: /University of Central Florida/ }, { timeout: 5000 });
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows the first choices before anything is typed, and says when no school goes by a name', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    renderWithApp(<Picker firstChoices="destination" />);
    fireEvent.focus(box());
    const options = await screen.findAllByRole('option', {}, { timeout: 5000 });
    expect(options.map((option) => option.firstElementChild?.textContent)).toEqual(['University of Central Florida', 'Florida International University', 'Florida State University']);
    fireEvent.change(box(), { target: { value: 'Hogwarts' } });
    expect(await screen.findByText('No school found by “Hogwarts”. Check the spelling or try another name it goes by.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('SchoolSelect holds the key of the school picked with a tap, and lets it go when the name is typed again', async () => {
    fakeApi({ 'GET /api/schools': schoolSearch });
    const changes: ChosenSchool[] = [];
    function Select() {
      const [school, setSchool] = useState<ChosenSchool>({ key: null, name: '' });
      return <SchoolSelect label="Target school" value={school} onChange={(next) => (changes.push(next), setSchool(next))} />;
    }
    renderWithApp(<Select />);
    fireEvent.change(box(), { target: { value: 'lsu' } });
    fireEvent.click(await screen.findByRole('option', { name: /Louisiana State University/ }, { timeout: 5000 }));
    await waitFor(() => expect(box()).toHaveValue('Louisiana State University and Agricultural & Mechanical College'));
    expect(changes.at(-1)).toEqual({ key: 'lsu', name: 'Louisiana State University and Agricultural & Mechanical College' });
    fireEvent.change(box(), { target: { value: 'Louisiana' } });
    expect(changes.at(-1)).toEqual({ key: null, name: 'Louisiana' });
  });
});
