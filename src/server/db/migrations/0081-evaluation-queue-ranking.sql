-- The evaluation queue's ranking, computed off the request thread (docs/decisions/080-evaluation-queue.md): grouping
-- 100,000 undecided rows took ~450 ms, so pages read this table in rank order and count their own 20 pairs live.
create table evaluation_queue_ranking (
  place integer primary key,
  from_institution_id integer not null,
  to_institution_id integer not null,
  code_key text not null,
  subject text not null,
  number text not null,
  title text not null,
  credits numeric(5, 2),
  oldest_at timestamptz not null,
  dismissed boolean not null default false
);
create unique index evaluation_queue_ranking_pair on evaluation_queue_ranking (from_institution_id, to_institution_id, code_key);
