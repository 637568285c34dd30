/** The students section's screens, bundled as one lazily loaded chunk by index.ts. */
export { AccountCreate, AccountEdit, AccountList } from './AccountScreens';
export { CohortAttendance } from './CohortAttendance';
export { CohortCreate, CohortEdit, CohortList } from './CohortScreens';
export { ContractCreate, ContractEdit, ContractList } from './ContractScreens';
export { GuaranteeLedger } from './GuaranteeLedger';
export { OutcomesReport } from './OutcomesReport';
export { StudentCreate, StudentEdit } from './StudentForm';
export { StudentList } from './StudentList';
export { StudentShow } from './StudentShow';
