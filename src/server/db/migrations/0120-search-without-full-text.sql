-- Course search is ranked by the in-process index alone (search-index.ts, docs/decisions/120-search-relevance.md): it
-- reads titles and codes, not PostgreSQL's full-text vectors, and no statement compares code keys by trigrams. The
-- generated full-text column (title, code and description, computed on every catalogue write) and the two indexes
-- only that path used are dropped, so imports stop paying for them. The title trigram index stays: the suggestions
-- (equivalency.queries.ts) use it.
drop index if exists courses_search_vector;
drop index if exists courses_code_key_trgm;
alter table courses drop column if exists search_vector;
