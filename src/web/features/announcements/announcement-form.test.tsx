// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, renderWithApp } from '../../../../tests/support/web-render';
import { AnnouncementForm } from './announcement-form';

const post = () => fireEvent.click(screen.getByRole('button', { name: 'Post announcement' }));

describe('AnnouncementForm', () => {
  it('says what is missing in the announcement schema’s words and posts nothing', async () => {
    const api = fakeApi({});
    renderWithApp(<AnnouncementForm />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '   ' } });
    post();
    expect(await screen.findByText('Enter a title')).toBeInTheDocument();
    expect(screen.getByText('Enter the announcement text')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('posts the trimmed notice, shows it is posting, then empties the form', async () => {
    const answer = heldAnswer({ status: 201, body: { announcement: { id: 'n1' } } });
    const api = fakeApi({ 'POST /api/admin/announcements': answer.handler, 'GET /api/admin/announcements': { body: { announcements: [] } } });
    renderWithApp(<AnnouncementForm />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Fall deadline ' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: ' Send appeals by December 1. ' } });
    post();
    expect(await screen.findByRole('button', { name: 'Posting…' })).toBeDisabled();
    expect(api.to('POST /api/admin/announcements')[0]?.body).toEqual({ title: 'Fall deadline', body: 'Send appeals by December 1.' });
    answer.release();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
    expect(screen.getByLabelText('Text')).toHaveValue('');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    fakeApi({ 'POST /api/admin/announcements': { status: 403, body: { error: 'Turn on two-factor sign-in first.' } } });
    renderWithApp(<AnnouncementForm />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Fall deadline' } });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Send appeals by December 1.' } });
    post();
    expect(await screen.findByRole('alert')).toHaveTextContent('Turn on two-factor sign-in first.');
    expect(screen.getByLabelText('Title')).toHaveValue('Fall deadline');
  });
});
