-- The whole product data model. Written for PostgreSQL 15 (the server) and PGlite (PostgreSQL 18, embedded).

-- Settings the app keeps for itself (a generated auth secret for development, whether demo data was loaded).
create table app_meta (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

-- Schools. `key` is the short name used in URLs, filters and transcript destinations ('fsu').
create table institutions (
  id integer generated always as identity primary key,
  key text not null unique check (key ~ '^[a-z0-9][a-z0-9-]*$'),
  name text not null,
  state char(2),
  control text not null default 'public' check (control in ('public', 'private')),
  kind text not null default 'university' check (kind in ('university', 'college', 'community-college', 'technical-college')),
  calendar text not null default 'semester' check (calendar in ('semester', 'quarter')),
  florida_statewide_numbering boolean not null default false,
  website text,
  registrar_email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index institutions_name_trgm on institutions using gin (name gin_trgm_ops);

-- Other names a school goes by ('UW-Madison', 'University of Wisconsin-Madison'); normalised: lower case, letters and digits only.
create table institution_aliases (
  alias_normalized text primary key,
  alias text not null,
  institution_id integer not null references institutions (id) on delete cascade
);
create index institution_aliases_institution on institution_aliases (institution_id);

-- Catalogue courses. `code_key` is the code as people type it, squeezed: 'ECO 2013' -> 'eco2013'.
create table courses (
  id integer generated always as identity primary key,
  institution_id integer not null references institutions (id) on delete cascade,
  subject text not null,
  number text not null,
  title text not null,
  credits numeric(5, 2),
  credits_text text,
  description text,
  code_key text generated always as (lower(regexp_replace(subject || number, '[^A-Za-z0-9.]', '', 'g'))) stored,
  search_vector tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('simple', subject || ' ' || number), 'A') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'C')
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (institution_id, subject, number)
);
create index courses_code_key on courses (code_key);
create index courses_code_key_trgm on courses using gin (code_key gin_trgm_ops);
create index courses_title_trgm on courses using gin (title gin_trgm_ops);
create index courses_search_vector on courses using gin (search_vector);

-- A course as scheduled in a term: what the search result card shows.
create table offerings (
  id integer generated always as identity primary key,
  course_id integer not null references courses (id) on delete cascade,
  term text not null,
  delivery_format text not null check (delivery_format in ('online', 'in-person', 'hybrid')),
  professor text,
  professor_rating numeric(2, 1) check (professor_rating between 0 and 5),
  tuition_cents integer check (tuition_cents >= 0),
  registration_url text,
  professor_rating_url text,
  is_available boolean not null default true,
  -- Demo offerings (invented professors, ratings and prices) are marked so the screen can say so.
  is_sample boolean not null default false,
  created_at timestamptz not null default now()
);
create index offerings_course on offerings (course_id);
create index offerings_term_format on offerings (term, delivery_format);

-- Equivalency rules: one or more source courses at one school become one or more target courses at another.
create table equivalency_rules (
  id integer generated always as identity primary key,
  from_institution_id integer not null references institutions (id) on delete cascade,
  to_institution_id integer not null references institutions (id) on delete cascade,
  transfers boolean not null default true,
  credits_awarded numeric(5, 2),
  min_grade text,
  effective_from_term text,
  effective_to_term text,
  origin text not null check (origin in ('seed', 'csv', 'admin', 'statewide-numbering', 'appeal')),
  notes text,
  -- Normalised identity of the rule (schools and codes on both sides): importing the same row twice changes nothing.
  fingerprint text not null unique,
  created_by text references "user" ("id") on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index equivalency_rules_pair on equivalency_rules (from_institution_id, to_institution_id);
create index equivalency_rules_origin on equivalency_rules (origin);

create table equivalency_rule_sources (
  rule_id integer not null references equivalency_rules (id) on delete cascade,
  position smallint not null,
  -- Denormalised from the rule so one index finds every rule that mentions a course at a school.
  from_institution_id integer not null references institutions (id) on delete cascade,
  subject text not null,
  number text not null,
  title text,
  credits numeric(5, 2),
  code_key text generated always as (lower(regexp_replace(subject || number, '[^A-Za-z0-9.]', '', 'g'))) stored,
  primary key (rule_id, position)
);
create index equivalency_rule_sources_lookup on equivalency_rule_sources (from_institution_id, code_key);

create table equivalency_rule_targets (
  rule_id integer not null references equivalency_rules (id) on delete cascade,
  position smallint not null,
  subject text not null,
  number text not null,
  title text,
  credits numeric(5, 2),
  is_elective boolean not null default false,
  primary key (rule_id, position)
);

-- What a student keeps about themselves (spec: full name, current school, intended major).
create table student_profiles (
  user_id text primary key references "user" ("id") on delete cascade,
  full_name text not null default '',
  current_school text not null default '',
  intended_major text not null default '',
  updated_at timestamptz not null default now()
);

-- Favorite universities (the spec's target schools), in the order the student added them.
create table favorite_schools (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  school text not null,
  school_normalized text not null,
  institution_id integer references institutions (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (user_id, school_normalized)
);

create table saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  q text not null,
  filters jsonb not null default '{}',
  dedupe_key text not null,
  created_at timestamptz not null default now(),
  unique (user_id, dedupe_key)
);
create index saved_searches_user on saved_searches (user_id, created_at desc);

-- Every stored file (transcripts, syllabi). The bytes live in the storage backend under `storage_key`.
create table stored_files (
  id uuid primary key default gen_random_uuid(),
  storage_key text not null unique,
  owner_id text references "user" ("id") on delete cascade,
  purpose text not null check (purpose in ('transcript', 'syllabus')),
  original_name text not null,
  content_type text not null,
  size_bytes bigint check (size_bytes >= 0),
  sha256 text,
  status text not null default 'pending' check (status in ('pending', 'stored', 'rejected')),
  created_at timestamptz not null default now(),
  stored_at timestamptz
);
create index stored_files_owner on stored_files (owner_id);

-- A transcript and its analysis. `user_id` is null for a signed-out visitor; those are deleted after `expires_at`.
create table transcripts (
  id uuid primary key default gen_random_uuid(),
  user_id text references "user" ("id") on delete cascade,
  -- A signed-out visitor proves ownership with a token; only its hash is kept.
  visitor_token_hash text,
  file_id uuid references stored_files (id) on delete set null,
  file_name text not null,
  status text not null default 'awaiting_upload'
    check (status in ('awaiting_upload', 'queued', 'reading', 'matching', 'done', 'failed', 'saved')),
  progress smallint not null default 0 check (progress between 0 and 100),
  error text,
  source text check (source in ('pdf-text', 'ocr')),
  detected_institution_id integer references institutions (id) on delete set null,
  detected_institution_name text,
  to_institution_id integer references institutions (id) on delete set null,
  summary jsonb,
  created_at timestamptz not null default now(),
  analyzed_at timestamptz,
  expires_at timestamptz
);
create index transcripts_user on transcripts (user_id, created_at desc);
create index transcripts_expires on transcripts (expires_at) where expires_at is not null;

create table transcript_rows (
  id uuid primary key default gen_random_uuid(),
  transcript_id uuid not null references transcripts (id) on delete cascade,
  position integer not null,
  subject text not null,
  number text not null,
  title text not null default '',
  credits numeric(5, 2),
  earned numeric(5, 2),
  grade text,
  term text,
  in_transfer_section boolean not null default false,
  status text check (status in ('DIRECT', 'NEEDS_EVAL', 'NO_TRANSFER')),
  rule_id integer references equivalency_rules (id) on delete set null,
  transfers_to text,
  credits_awarded numeric(5, 2),
  reason text,
  evidence jsonb,
  unique (transcript_id, position)
);

-- Appeals: a student asks the destination school to reconsider a course.
create table appeals (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  transcript_id uuid references transcripts (id) on delete set null,
  transcript_row_id uuid references transcript_rows (id) on delete set null,
  course_name text not null,
  course_code text not null,
  subject text,
  number text,
  current_school text not null default '',
  target_school text not null,
  from_institution_id integer references institutions (id) on delete set null,
  to_institution_id integer references institutions (id) on delete set null,
  notes text not null default '',
  syllabus_link text,
  syllabus_file_id uuid references stored_files (id) on delete set null,
  student_snapshot jsonb not null default '{}',
  status text not null default 'submitted' check (status in ('submitted', 'in_review', 'resolved')),
  decision text check (decision in ('approved', 'denied')),
  admin_notes text not null default '',
  student_message text,
  created_rule_id integer references equivalency_rules (id) on delete set null,
  -- Optimistic locking for admin updates: two clerks cannot overwrite each other silently.
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index appeals_user on appeals (user_id, created_at desc);
create index appeals_status on appeals (status, created_at desc);
create index appeals_search_trgm on appeals using gin ((course_name || ' ' || course_code || ' ' || target_school || ' ' || current_school) gin_trgm_ops);

-- Every status change of an appeal: who, when, from, to, notes.
create table appeal_events (
  id bigint generated always as identity primary key,
  appeal_id uuid not null references appeals (id) on delete cascade,
  actor_id text references "user" ("id") on delete set null,
  actor_name text,
  from_status text,
  to_status text not null,
  decision text,
  notes text,
  student_message text,
  created_at timestamptz not null default now()
);
create index appeal_events_appeal on appeal_events (appeal_id, created_at);

-- Notices admins post for students' hubs.
create table announcements (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  body text not null,
  author_id text references "user" ("id") on delete set null,
  published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Background work (transcript reading, large imports). Any instance may claim a job; `locked_until` frees a job whose worker died.
create table jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 3,
  run_after timestamptz not null default now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  result jsonb,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_claim on jobs (status, run_after) where status in ('queued', 'running');

-- What admins did, and every disclosure of a student's records (FERPA 99.32): append-only.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id text references "user" ("id") on delete set null,
  actor_email text,
  action text not null,
  subject_type text,
  subject_id text,
  -- The student whose records were read or changed, so they can see their disclosure record.
  student_id text,
  details jsonb not null default '{}',
  ip_address text,
  created_at timestamptz not null default now()
);
create index audit_log_created on audit_log (created_at desc);
create index audit_log_student on audit_log (student_id, created_at desc) where student_id is not null;

-- Mail the app sent (or would have sent without SMTP): the developers' and tests' outbox.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  category text not null default 'general',
  status text not null default 'stored' check (status in ('stored', 'sent', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_to on mail_outbox (lower(to_address), created_at desc);

-- Failed sign-ins per account, for the at-most-100-an-hour rule.
create table sign_in_failures (
  id bigint generated always as identity primary key,
  email_normalized text not null,
  ip_address text,
  created_at timestamptz not null default now()
);
create index sign_in_failures_email on sign_in_failures (email_normalized, created_at desc);

-- POSTs that create things can carry an Idempotency-Key: a retry gets the first answer instead of a duplicate.
create table idempotency_keys (
  user_id text not null references "user" ("id") on delete cascade,
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);

-- Partner integrations (the spec's partner page): nothing is connected until an admin connects one.
create table partner_connections (
  id uuid primary key default gen_random_uuid(),
  partner text not null unique,
  status text not null default 'disconnected' check (status in ('disconnected', 'connected')),
  connected_by text references "user" ("id") on delete set null,
  connected_at timestamptz
);
