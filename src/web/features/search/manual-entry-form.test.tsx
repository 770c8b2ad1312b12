// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schoolSearch } from '../../../../tests/support/fake-schools';
import { fakeApi, renderWithApp } from '../../../../tests/support/web-render';
import { ManualEntryForm } from './manual-entry-form';

const render = (element: React.ReactElement) => {
  fakeApi({ 'GET /api/schools': schoolSearch });
  return renderWithApp(element);
};

/** Types a school's name in its picker and taps the school offered. */
async function pickSchool(label: string, typed: string, school: RegExp) {
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: school }, { timeout: 5000 }));
}

const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Search Courses' }));

describe('ManualEntryForm', () => {
  it('needs at least one school, subject or filter', () => {
    const onSearch = vi.fn();
    render(<ManualEntryForm initial={null} onSearch={onSearch} />);
    search();
    expect(screen.getByText('Choose at least one school, subject or filter.')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('shows Class Name / Number with its hint once a subject is picked, and requires it (spec section 5)', () => {
    const onSearch = vi.fn();
    render(<ManualEntryForm initial={null} onSearch={onSearch} />);
    expect(screen.queryByLabelText(/Class Name \/ Number/)).not.toBeInTheDocument();
    choose('Target subject', 'economics');
    expect(screen.getByText('Enter the specific course number you need to transfer')).toBeInTheDocument();
    search();
    expect(screen.getByText('Enter the class name or number')).toBeInTheDocument();
    expect(screen.getByLabelText(/Class Name \/ Number/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches with the chosen filters, each school by any name it goes by, the class name trimmed', async () => {
    const onSearch = vi.fn();
    render(<ManualEntryForm initial={null} onSearch={onSearch} />);
    await pickSchool('Current school', 'LSU', /Louisiana State University/);
    await pickSchool('Target school', 'florida state', /Florida State University/);
    choose('Target subject', 'economics');
    choose('Class Name / Number *', '  ECO 2013 ');
    choose('Delivery format', 'online');
    search();
    expect(onSearch).toHaveBeenCalledWith({
      searchType: 'manual',
      homeCollege: 'lsu',
      transferFromSchool: 'Louisiana State University and Agricultural & Mechanical College',
      targetCollege: 'fsu',
      transferToSchool: 'Florida State University',
      targetSubject: 'economics',
      className: 'ECO 2013',
      deliveryFormat: 'online',
    });
  });

  it('searches a school typed and not picked by its name as written (the server says which school it is)', () => {
    const onSearch = vi.fn();
    render(<ManualEntryForm initial={null} onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Target school' }), { target: { value: 'Ole Miss' } });
    search();
    expect(onSearch).toHaveBeenCalledWith({ searchType: 'manual', transferToSchool: 'Ole Miss' });
  });

  it('drops the class name when the subject is cleared, and starts from a search in the address', () => {
    const onSearch = vi.fn();
    render(<ManualEntryForm initial={{ searchType: 'manual', targetCollege: 'ucf', transferToSchool: 'University of Central Florida', targetSubject: 'history', className: 'AMH 2010' }} onSearch={onSearch} />);
    expect(screen.getByRole('combobox', { name: 'Target school' })).toHaveValue('University of Central Florida');
    expect(screen.getByLabelText(/Class Name \/ Number/)).toHaveValue('AMH 2010');
    choose('Target subject', '');
    search();
    expect(onSearch).toHaveBeenCalledWith({ searchType: 'manual', targetCollege: 'ucf', transferToSchool: 'University of Central Florida' });
  });

  describe('terms, from the clock (issue 40: they were frozen in 2024)', () => {
    afterEach(() => void vi.useRealTimers());
    const termChoices = () => Array.from((screen.getByLabelText('Term') as HTMLSelectElement).options, (option) => option.textContent);

    it('offers the current and the next academic year on 28 November 2026', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
      const onSearch = vi.fn();
      render(<ManualEntryForm initial={null} onSearch={onSearch} />);
      expect(termChoices()).toEqual(['Any term', 'Fall 2026', 'Winter 2027', 'Spring 2027', 'Summer 2027', 'Fall 2027', 'Winter 2028', 'Spring 2028', 'Summer 2028']);
      choose('Term', 'summer-2027');
      search();
      expect(onSearch).toHaveBeenCalledWith({ searchType: 'manual', term: 'summer-2027' });
    });

    it('moves on with the date, and keeps an older search’s term', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2027-06-15T10:00:00Z'));
      render(<ManualEntryForm initial={{ searchType: 'manual', term: 'fall-2026' }} onSearch={vi.fn()} />);
      expect(termChoices()).toEqual(['Any term', 'Fall 2026', 'Summer 2027', 'Fall 2027', 'Winter 2028', 'Spring 2028', 'Summer 2028']);
      expect(screen.getByLabelText('Term')).toHaveValue('fall-2026');
    });
  });
});
