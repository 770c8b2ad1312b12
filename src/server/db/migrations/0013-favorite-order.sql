-- Favorites are listed in the order the student added them. Ordering by created_at alone tied when one save added
-- several schools in the same clock tick (PGlite's clock is coarse), and the random uuid then decided the order.
alter table favorite_schools add column added_order bigint generated always as identity;
