// Adds DOM matchers (toBeInTheDocument…) for component tests that opt into jsdom.
import '@testing-library/jest-dom/vitest';
