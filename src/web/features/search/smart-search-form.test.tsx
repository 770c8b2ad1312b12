// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../tests/support/web-render';
import { SmartSearchForm } from './smart-search-form';

describe('SmartSearchForm', () => {
  it('asks for a description before searching', () => {
    const onSearch = vi.fn();
    render(<SmartSearchForm initialText="" onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('Describe what you need'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Describe the course you need first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Describe what you need')).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches with the words as typed, trimmed, and forgets the problem once the student types', () => {
    const onSearch = vi.fn();
    render(<SmartSearchForm initialText="" onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.change(screen.getByLabelText('Describe what you need'), { target: { value: '  ECO 2013 at Valencia College to FSU ' } });
    expect(screen.queryByText('Describe the course you need first.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('ECO 2013 at Valencia College to FSU');
  });

  it('searches on Return and leaves Shift+Return to start a new line', () => {
    const onSearch = vi.fn();
    render(<SmartSearchForm initialText="" onSearch={onSearch} />);
    const text = screen.getByLabelText('Describe what you need');
    fireEvent.change(text, { target: { value: 'ECO 2013 at Valencia College' } });
    expect(fireEvent.keyDown(text, { key: 'Enter', shiftKey: true })).toBe(true);
    expect(onSearch).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(text, { key: 'Enter' })).toBe(false);
    expect(onSearch).toHaveBeenCalledWith('ECO 2013 at Valencia College');
  });

  it('starts from the search in the address', () => {
    render(<SmartSearchForm initialText="Calculus 1 to UCF" onSearch={vi.fn()} />);
    expect(screen.getByLabelText('Describe what you need')).toHaveValue('Calculus 1 to UCF');
  });
});
