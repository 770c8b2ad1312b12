/** The appeal lifecycle: one create path for both screens, the student's view, the admin's review. */
export { registerAppealRoutes } from './appeals.routes';
export { countOpenAppealsOnCourse, exportStudentAppeals, listStudentAppealSummaries, resolveOpenAppealsOnCourse } from './appeals.service';
