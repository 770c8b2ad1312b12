// @vitest-environment jsdom
import type { InstitutionRecord } from '@shared/schemas/equivalencies';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { SchoolForm } from './school-form';

const valencia: InstitutionRecord = {
  id: 3,
  key: 'valencia',
  name: 'Valencia College',
  state: 'FL',
  control: 'public',
  kind: 'college',
  calendar: 'semester',
  floridaStatewideNumbering: true,
  website: null,
  aliases: ['Valencia College', 'valencia', 'Valencia CC'],
  courseCount: 10,
  ruleCount: 4,
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = (name = 'Add school') => fireEvent.click(screen.getByRole('button', { name }));

describe('SchoolForm', () => {
  beforeEach(() => {
    // jsdom has no layout: the form's scroll into view is a no-op here.
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('makes the key from the name and says what is wrong in a clerk’s words', () => {
    const api = fakeApi({});
    renderWithApp(<SchoolForm school={null} onDone={vi.fn()} />);
    type('Name', 'Texas A&M University');
    expect(screen.getByLabelText('Key')).toHaveValue('texas-a-and-m-university');
    type('Name', 'X');
    type('Key', 'Bad Key!');
    type('State', 'F1');
    save();
    expect(screen.getByText('Enter the school’s name, at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Use at least 2 lower-case letters, digits or dashes, such as uw-madison')).toBeInTheDocument();
    expect(screen.getByText('Use the two-letter state code, such as FL, or leave it empty')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('adds a school with its aliases as a list, showing it is saving, then closes', async () => {
    const create = heldAnswer({ status: 201, body: { institution: { ...valencia, id: 9 } } });
    const api = fakeApi({ 'POST /api/admin/institutions': create.handler });
    const onDone = vi.fn();
    renderWithApp(<SchoolForm school={null} onDone={onDone} />);
    type('Name', 'University of Wisconsin–Madison');
    type('Key', 'uw-madison');
    type('State', 'wi');
    type('Other names (aliases)', 'UW-Madison, , Wisconsin ');
    save();
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(api.to('POST /api/admin/institutions')[0]?.body).toEqual({
      name: 'University of Wisconsin–Madison',
      key: 'uw-madison',
      state: 'WI',
      control: 'public',
      kind: 'university',
      calendar: 'semester',
      floridaStatewideNumbering: false,
      website: null,
      aliases: ['UW-Madison', 'Wisconsin'],
    });
    create.release();
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });

  it('edits a school in place, listing only its other names', async () => {
    const api = fakeApi({ 'PATCH /api/admin/institutions/3': { body: { institution: valencia } } });
    renderWithApp(<SchoolForm school={valencia} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Other names (aliases)')).toHaveValue('Valencia CC');
    type('Website', 'https://valenciacollege.edu');
    save('Save changes');
    await waitFor(() => expect(api.to('PATCH /api/admin/institutions/3')).toHaveLength(1));
    expect(api.to('PATCH /api/admin/institutions/3')[0]?.body).toMatchObject({ key: 'valencia', website: 'https://valenciacollege.edu', aliases: ['Valencia CC'] });
  });

  it('shows the server’s word about a field at that field', async () => {
    fakeApi({
      'POST /api/admin/institutions': {
        status: 400,
        body: { error: 'key: "valencia" is already used by another school', fields: [{ field: 'key', message: 'is already used by another school' }] },
      },
    });
    const onDone = vi.fn();
    renderWithApp(<SchoolForm school={null} onDone={onDone} />);
    type('Name', 'Valencia College');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('"valencia" is already used by another school');
    expect(screen.getByLabelText('Key')).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
