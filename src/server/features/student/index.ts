/** The student area: profile, favorite schools, Compare favorites, data export and account deletion. */
export { registerStudentRoutes } from './student.routes';
export { readStudentChoices } from './student.service';
