/*
 * Apart from the section's wording (studentMessages.ts): the menu and react-admin's titles need these labels from the
 * first screen on, while the rest of the wording loads with the section's screens (sections/laterWording.ts).
 */

/** react-admin's page titles and field labels per resource (`resources.<name>`), for the section's four resources. */
export const zhStudentResources = {
  students: { name: '学员' },
  contracts: { name: '合同' },
  'student-accounts': { name: '学员账户' },
  payments: { name: '缴费记录' },
  'student-files': { name: '学员文件' },
  cohorts: { name: '期次' },
  outcomes: { name: '就业结果' },
  guarantee: { name: '薪资保障' },
  'outcomes-report': { name: '就业报告' },
};

export const enStudentResources: typeof zhStudentResources = {
  students: { name: 'Student |||| Students' },
  contracts: { name: 'Contract |||| Contracts' },
  'student-accounts': { name: 'Student account |||| Student accounts' },
  payments: { name: 'Payment |||| Payments' },
  'student-files': { name: 'Student file |||| Student files' },
  cohorts: { name: 'Cohort |||| Cohorts' },
  outcomes: { name: 'Job outcome |||| Job outcomes' },
  guarantee: { name: 'Salary guarantee' },
  'outcomes-report': { name: 'Outcomes report' },
};
