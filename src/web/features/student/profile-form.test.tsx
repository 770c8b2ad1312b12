// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { ProfileForm } from './profile-form';

const profile = { fullName: 'Maria Lopez', currentSchool: 'Valencia College', intendedMajor: 'Economics', targetSchools: ['Florida State University'] };

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

describe('ProfileForm', () => {
  it('starts from the stored profile, the target schools as comma-separated text', () => {
    fakeApi({});
    renderWithApp(<ProfileForm profile={{ ...profile, targetSchools: ['FSU', 'UCF'] }} />);
    expect(screen.getByLabelText('Full name')).toHaveValue('Maria Lopez');
    expect(screen.getByLabelText('Target schools')).toHaveValue('FSU, UCF');
  });

  it('saves every field trimmed and the schools as a list without blanks or repeats (spec section 5)', async () => {
    const put = heldAnswer({ body: {} });
    const api = fakeApi({ 'PUT /api/student/profile': put.handler, 'GET /api/student/me': { body: {} } });
    renderWithApp(<ProfileForm profile={profile} />);
    type('Full name', '  Maria L. Lopez ');
    type('Intended major', ' Economics ');
    type('Target schools', ' FSU, , ucf,UCF , Miami ');
    save();
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(api.to('PUT /api/student/profile')[0]?.body).toEqual({
      fullName: 'Maria L. Lopez',
      currentSchool: 'Valencia College',
      intendedMajor: 'Economics',
      targetSchools: ['FSU', 'ucf', 'Miami'],
    });
    put.release();
    expect(await screen.findByRole('status')).toHaveTextContent('Profile saved ✅');
    // What was saved is what the fields show (issue 40: the typed spaces stayed in view).
    expect(screen.getByLabelText('Full name')).toHaveValue('Maria L. Lopez');
    expect(screen.getByLabelText('Intended major')).toHaveValue('Economics');
    expect(screen.getByLabelText('Target schools')).toHaveValue('FSU, ucf, Miami');
  });

  it('says when the list of schools is too long, in words, and sends nothing', async () => {
    const api = fakeApi({});
    renderWithApp(<ProfileForm profile={profile} />);
    type('Target schools', Array.from({ length: 51 }, (_, index) => `School ${index}`).join(', '));
    save();
    expect(await screen.findByText('Keep it to 50 schools, each at most 200 characters long')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the spec’s failure text when the server refuses', async () => {
    fakeApi({ 'PUT /api/student/profile': { status: 500, body: { error: 'Something went wrong on our side. Please try again.' } } });
    renderWithApp(<ProfileForm profile={profile} />);
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Save failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled();
  });
});
