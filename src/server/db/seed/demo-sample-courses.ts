/**
 * The spec's 23 sample catalogue courses (section 3), every field filled and consistent with section 9's
 * filter options. Their offerings (professors, ratings, tuition) are invented, so they are stored with
 * is_sample = true and the result cards say "Sample listing".
 */
export interface SampleCourseSeed {
  school: string; // institution key
  subject: string;
  number: string;
  title: string;
  credits: number;
  description: string;
  /** The season of its one sample section, seeded as the next such term (src/shared/terms.ts: the spec's 'Summer 2024' was 2024's). */
  season: 'summer' | 'fall' | 'winter' | 'spring';
  deliveryFormat: 'online' | 'in-person' | 'hybrid';
  professor: string;
  rating: number;
  tuitionDollars: number;
  isAvailable: boolean;
  /** Where it transfers fully ("School: CODE TITLE"); null = no rule on file (needs review). */
  equivalentAt: { school: string; subject: string; number: string; title: string } | null;
  /** A rule that says it does not transfer to this school. */
  noTransferTo?: string;
}

const fsu = (subject: string, number: string, title: string) => ({ school: 'fsu', subject, number, title });
const ucf = (subject: string, number: string, title: string) => ({ school: 'ucf', subject, number, title });
const delaware = (subject: string, number: string, title: string) => ({ school: 'delaware', subject, number, title });
const ohioState = (subject: string, number: string, title: string) => ({ school: 'ohio-state', subject, number, title });
const pennState = (subject: string, number: string, title: string) => ({ school: 'penn-state', subject, number, title });

export const DEMO_SAMPLE_COURSES: SampleCourseSeed[] = [
  { school: 'valencia', subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', credits: 3, description: 'National income, employment, inflation, money and banking, fiscal and monetary policy, and economic growth.', season: 'summer', deliveryFormat: 'online', professor: 'Dr. Elena Ruiz', rating: 4.6, tuitionDollars: 312, isAvailable: true, equivalentAt: fsu('ECO', '2013', 'Principles of Macroeconomics') },
  { school: 'valencia', subject: 'ECO', number: '2023', title: 'Principles of Microeconomics', credits: 3, description: 'Supply and demand, consumer choice, firms, market structures and the role of government in markets.', season: 'fall', deliveryFormat: 'hybrid', professor: 'Prof. Marcus Hale', rating: 4.2, tuitionDollars: 312, isAvailable: true, equivalentAt: fsu('ECO', '2023', 'Principles of Microeconomics') },
  { school: 'mdc', subject: 'AMH', number: '2010', title: 'United States History to 1877', credits: 3, description: 'American history from the colonial era through Reconstruction.', season: 'summer', deliveryFormat: 'online', professor: 'Dr. Carla Mendez', rating: 4.8, tuitionDollars: 354, isAvailable: true, equivalentAt: ucf('AMH', '2010', 'U.S. History: 1492-1877') },
  { school: 'mdc', subject: 'AMH', number: '2020', title: 'United States History since 1877', credits: 3, description: 'American history from Reconstruction to the present.', season: 'winter', deliveryFormat: 'online', professor: 'Dr. Carla Mendez', rating: 4.7, tuitionDollars: 354, isAvailable: true, equivalentAt: ucf('AMH', '2020', 'U.S. History: 1877-Present') },
  { school: 'mdc', subject: 'ENC', number: '1101', title: 'English Composition I', credits: 3, description: 'Expository and argumentative writing with attention to process, audience and research.', season: 'fall', deliveryFormat: 'in-person', professor: 'Prof. Dana Whitfield', rating: 4.1, tuitionDollars: 354, isAvailable: true, equivalentAt: fsu('ENC', '1101', 'Freshman Composition and Rhetoric') },
  { school: 'valencia', subject: 'MAC', number: '2311', title: 'Calculus with Analytic Geometry I', credits: 4, description: 'Limits, continuity, derivatives and their applications, and an introduction to integration.', season: 'summer', deliveryFormat: 'in-person', professor: 'Dr. Priya Natarajan', rating: 4.4, tuitionDollars: 416, isAvailable: true, equivalentAt: ucf('MAC', '2311C', 'Calculus with Analytic Geometry I') },
  { school: 'valencia', subject: 'STA', number: '2023', title: 'Statistical Methods', credits: 3, description: 'Descriptive statistics, probability, sampling distributions, estimation and hypothesis testing.', season: 'spring', deliveryFormat: 'online', professor: 'Prof. Owen Brooks', rating: 3.9, tuitionDollars: 312, isAvailable: true, equivalentAt: fsu('STA', '2023', 'Fundamental Business Statistics') },
  { school: 'fiu', subject: 'BSC', number: '2010', title: 'General Biology I', credits: 3, description: 'Cell structure and function, metabolism, genetics and evolution.', season: 'fall', deliveryFormat: 'in-person', professor: 'Dr. Samuel Okafor', rating: 4.3, tuitionDollars: 618, isAvailable: true, equivalentAt: ucf('BSC', '2010', 'Biology I') },
  { school: 'fiu', subject: 'BSC', number: '2010L', title: 'General Biology I Lab', credits: 1, description: 'Laboratory exercises that accompany General Biology I.', season: 'fall', deliveryFormat: 'in-person', professor: 'Dr. Samuel Okafor', rating: 4.3, tuitionDollars: 206, isAvailable: false, equivalentAt: ucf('BSC', '2010L', 'Biology I Laboratory') },
  { school: 'usf', subject: 'CHM', number: '2045', title: 'General Chemistry I', credits: 3, description: 'Atomic structure, bonding, stoichiometry, gases, thermochemistry and solutions.', season: 'summer', deliveryFormat: 'hybrid', professor: 'Dr. Hannah Cole', rating: 3.8, tuitionDollars: 633, isAvailable: true, equivalentAt: fsu('CHM', '1045', 'General Chemistry I') },
  { school: 'ucf', subject: 'PSY', number: '2012', title: 'General Psychology', credits: 3, description: 'Survey of psychology: biological bases, learning, memory, development, personality and disorders.', season: 'summer', deliveryFormat: 'online', professor: 'Dr. Rebecca Lin', rating: 4.9, tuitionDollars: 633, isAvailable: true, equivalentAt: fsu('PSY', '2012', 'General Psychology') },
  { school: 'fsu', subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', credits: 3, description: 'Aggregate economic activity, the monetary system, and stabilisation policy.', season: 'fall', deliveryFormat: 'in-person', professor: 'Dr. James Porter', rating: 4.0, tuitionDollars: 645, isAvailable: true, equivalentAt: ucf('ECO', '2013', 'Principles of Macroeconomics') },
  { school: 'florida', subject: 'ECO', number: '2023', title: 'Principles of Microeconomics', credits: 4, description: 'Introduction to microeconomic analysis of households, firms and markets.', season: 'spring', deliveryFormat: 'online', professor: 'Dr. Laura Kim', rating: 4.5, tuitionDollars: 850, isAvailable: true, equivalentAt: fsu('ECO', '2023', 'Principles of Microeconomics') },
  { school: 'miami', subject: 'ECO', number: '211', title: 'Principles of Macroeconomics', credits: 3, description: 'Macroeconomic theory and policy in a global economy.', season: 'summer', deliveryFormat: 'in-person', professor: 'Dr. Victor Alvarez', rating: 4.2, tuitionDollars: 7020, isAvailable: true, equivalentAt: fsu('ECO', '2013', 'Principles of Macroeconomics') },
  { school: 'miami', subject: 'HIS', number: '131', title: 'America Before 1877', credits: 3, description: 'The development of American society from settlement to Reconstruction.', season: 'fall', deliveryFormat: 'hybrid', professor: 'Prof. Nadia Brooks', rating: 4.0, tuitionDollars: 7020, isAvailable: true, equivalentAt: null },
  { school: 'delaware', subject: 'ECON', number: '101', title: 'Introduction to Microeconomics: Prices and Markets', credits: 3, description: 'How markets allocate resources; consumers, firms and public policy.', season: 'winter', deliveryFormat: 'online', professor: 'Dr. Thomas Reilly', rating: 4.1, tuitionDollars: 1110, isAvailable: true, equivalentAt: pennState('ECON', '102', 'Introductory Microeconomic Analysis and Policy') },
  { school: 'delaware', subject: 'HIST', number: '103', title: 'World History I', credits: 3, description: 'Major world civilisations to 1500.', season: 'winter', deliveryFormat: 'online', professor: 'Dr. Grace Whitman', rating: 4.6, tuitionDollars: 1110, isAvailable: true, equivalentAt: ohioState('HISTORY', '1681', 'World History to 1500') },
  { school: 'delaware', subject: 'ENGL', number: '110', title: 'Seminar in Composition', credits: 3, description: 'Writing for academic audiences: argument, analysis and research.', season: 'summer', deliveryFormat: 'online', professor: 'Prof. Kevin Osei', rating: 3.7, tuitionDollars: 1110, isAvailable: false, equivalentAt: pennState('ENGL', '15', 'Rhetoric and Composition') },
  { school: 'penn-state', subject: 'MATH', number: '140', title: 'Calculus with Analytic Geometry I', credits: 4, description: 'Functions, limits, derivatives and integrals with applications.', season: 'summer', deliveryFormat: 'online', professor: 'Dr. Irene Novak', rating: 3.6, tuitionDollars: 3120, isAvailable: true, equivalentAt: delaware('MATH', '241', 'Analytic Geometry and Calculus A') },
  { school: 'ohio-state', subject: 'PSYCH', number: '1100', title: 'Introduction to Psychology', credits: 3, description: 'Principles of human behaviour and mental processes.', season: 'spring', deliveryFormat: 'in-person', professor: 'Dr. Alan Fischer', rating: 4.3, tuitionDollars: 1480, isAvailable: true, equivalentAt: delaware('PSYC', '100', 'General Psychology') },
  { school: 'miami-ohio', subject: 'BIO', number: '115', title: 'Biological Concepts: Structure, Function, Cellular and Molecular Biology', credits: 4, description: 'Cells, genetics and physiology for biology majors.', season: 'fall', deliveryFormat: 'in-person', professor: 'Dr. Ruth Adeyemi', rating: 4.0, tuitionDollars: 2290, isAvailable: true, equivalentAt: ohioState('BIOLOGY', '1113', 'Energy Transfer and Development') },
  { school: 'william-mary', subject: 'CHEM', number: '103', title: 'General Chemistry I', credits: 3, description: 'Principles of chemistry: atoms, molecules, reactions and energy.', season: 'summer', deliveryFormat: 'hybrid', professor: 'Dr. Martin Hughes', rating: 3.5, tuitionDollars: 2400, isAvailable: true, equivalentAt: null },
  { school: 'uw-madison', subject: 'ECON', number: '102', title: 'Principles of Macroeconomics', credits: 4, description: 'Aggregate output, employment, inflation, and monetary and fiscal policy.', season: 'fall', deliveryFormat: 'hybrid', professor: 'Dr. Sofia Lindqvist', rating: 4.4, tuitionDollars: 1630, isAvailable: true, equivalentAt: null, noTransferTo: 'miami' },
];
