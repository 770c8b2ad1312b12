/** Choosing a school: the one accessible typeahead every form uses, and its queries (GET /api/schools). */
export { SchoolCombobox, SchoolNameField, SchoolSelect, type ChosenSchool, type SchoolComboboxProps } from './school-combobox';
export { fetchSchools, schoolQueries, type FirstChoiceList } from './school-queries';
