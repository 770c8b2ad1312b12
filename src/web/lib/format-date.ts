/**
 * Dates as people read them, one way everywhere: "Nov 23, 2026" and "Nov 23, 2026, 8:17 AM" (in the reader's locale).
 * Every date the web app shows goes through these two; an ISO string or epoch milliseconds.
 */
type DateValue = string | number;

export const formatDate = (value: DateValue) => new Date(value).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export const formatDateTime = (value: DateValue) =>
  new Date(value).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
