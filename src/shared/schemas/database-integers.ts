/**
 * The largest value of a PostgreSQL `integer`, the type of every serial id (schools, courses, programs) and version we
 * store. A number above it cannot name a row, and PostgreSQL answers it with an error rather than "nothing found", so
 * every schema that reads such a number refuses it first (400 naming the field; issue 37). One owner for the bound.
 */
export const MAX_DATABASE_INTEGER = 2_147_483_647;
