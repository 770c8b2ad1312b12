-- Degree programs and their requirements, per-school course attributes, exam credit rules and the exam scores a
-- student adds (issue 24: which requirement each transferred course fills). Written for PostgreSQL 15 and PGlite.

-- A program belongs to one school, or is a state's statewide program ('FL': Florida's general-education core, which
-- every public school in Florida's statewide course numbering must honour).
create table programs (
  id integer generated always as identity primary key,
  institution_id integer references institutions (id) on delete cascade,
  statewide char(2) check (statewide in ('FL')),
  -- What the import's `school` column resolves to: the school's id, or 'statewide:FL'. One program code per scope.
  scope_key text generated always as (coalesce(institution_id::text, 'statewide:' || statewide)) stored,
  code text not null check (code <> '' and code = upper(code)),
  name text not null,
  degree text,
  catalog_year text,
  total_credits numeric(6, 2) check (total_credits > 0),
  kind text not null default 'major'
    check (kind in ('degree', 'major', 'minor', 'general-education', 'pre-professional', 'other')),
  -- For students who entered from/to these terms (Florida's core has a 2015 and a 2024 version); null = open.
  entering_from text,
  entering_to text,
  -- Codes of other programs of the same scope whose requirements also apply (a major sits under its college's GE).
  includes text[] not null default '{}',
  notes text,
  -- Caveats about the data itself, shown to students with the program (pilot data, an undated source…).
  data_note text,
  source_url text,
  content_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((institution_id is null) <> (statewide is null)),
  unique (scope_key, code)
);
create index programs_institution on programs (institution_id);

-- Requirements form a tree: a group ('all' of its children, or 'n-of' them) or a leaf whose options are course
-- patterns (exact codes, Florida patterns 'ENC X101', ranges 'ECON 1XX', subjects 'BIOLOGY *', attributes
-- 'attr:AH1'). A row may have both children and options ("at least N credits from …, including …").
create table program_requirements (
  id integer generated always as identity primary key,
  program_id integer not null references programs (id) on delete cascade,
  code text not null check (code <> ''),
  parent_id integer references program_requirements (id) on delete cascade,
  position integer not null,
  name text not null,
  kind text not null default 'major' check (kind in ('gen_ed', 'major', 'prerequisite', 'elective', 'minor', 'other')),
  group_rule text check (group_rule in ('all', 'n-of')),
  children_required integer check (children_required > 0),
  min_courses integer check (min_courses >= 0),
  min_credits numeric(6, 2) check (min_credits >= 0),
  max_credits numeric(6, 2) check (max_credits >= 0),
  options text[] not null default '{}',
  min_grade text,
  -- A course counted here may also count toward another requirement.
  double_count boolean not null default false,
  -- Whether AP/IB/CLEP credit may count here (William & Mary's COLL courses: no).
  exam_credit boolean not null default true,
  notes text,
  -- Non-null when the source data is known to be doubtful here: never shown to a student as fact.
  doubtful text,
  content_hash text not null,
  unique (program_id, code)
);
create index program_requirements_parent on program_requirements (parent_id);

-- General-education codes (and similar) a school puts on its own courses ('AH1' at Ohio State, 'ALV' at W&M).
create table course_attributes (
  institution_id integer not null references institutions (id) on delete cascade,
  -- The key the database generates for course codes elsewhere: 'ENGL 110' -> 'engl110'.
  code_key text not null,
  subject text not null,
  number text not null,
  attribute text not null check (attribute <> ''),
  primary key (institution_id, code_key, attribute)
);

-- What a school gives for an exam score: courses (codes at the school) or, with none, elective credit.
create table exam_credit_rules (
  id integer generated always as identity primary key,
  institution_id integer not null references institutions (id) on delete cascade,
  exam_type text not null check (exam_type in ('AP', 'IB', 'CLEP')),
  exam text not null check (exam <> ''),
  exam_key text generated always as (lower(regexp_replace(exam, '\s+', ' ', 'g'))) stored,
  min_score numeric(4, 1) not null check (min_score >= 0),
  credits numeric(5, 2) not null check (credits >= 0),
  courses text[] not null default '{}',
  notes text,
  doubtful text,
  content_hash text not null,
  unique (institution_id, exam_type, exam_key, min_score)
);
create index exam_credit_rules_exam on exam_credit_rules (exam_type, exam_key);

-- The exam scores a student adds (kept for them; deleted with the account).
create table student_exam_scores (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" ("id") on delete cascade,
  exam_type text not null check (exam_type in ('AP', 'IB', 'CLEP')),
  exam text not null check (exam <> ''),
  exam_key text generated always as (lower(regexp_replace(exam, '\s+', ' ', 'g'))) stored,
  score numeric(4, 1) not null check (score >= 0),
  created_at timestamptz not null default now(),
  unique (user_id, exam_type, exam_key)
);
