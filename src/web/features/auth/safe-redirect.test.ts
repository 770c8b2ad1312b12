import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('follows same-site paths', () => {
    expect(safeRedirectPath('/student/search', '/student')).toBe('/student/search');
  });
  it('refuses other sites and protocol-relative addresses', () => {
    expect(safeRedirectPath('https://evil.example', '/student')).toBe('/student');
    expect(safeRedirectPath('//evil.example', '/student')).toBe('/student');
    expect(safeRedirectPath('/\\evil.example', '/student')).toBe('/student');
    expect(safeRedirectPath(null, '/student')).toBe('/student');
  });
});
