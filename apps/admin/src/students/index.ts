import SchoolIcon from '@mui/icons-material/School';
import { createElement, lazy } from 'react';
import { Route } from 'react-router-dom';
import type { ResourceProps } from 'react-admin';

/**
 * One chunk for the section's screens, fetched when the section is first opened
 * (docs/product/students.md#section-layout).
 */
const screens = () => import('./screens');
const screen = <K extends keyof Awaited<ReturnType<typeof screens>>>(name: K) =>
  lazy(() => screens().then((module) => ({ default: module[name] as React.ComponentType })));

/**
 * 学员管理 (docs/product/students.md#section-layout): student info, with the contracts and accounts sub-tabs as resources
 * of their own.
 */
export const studentsResource = {
  name: 'students',
  list: screen('StudentList'),
  show: screen('StudentShow'),
  create: screen('StudentCreate'),
  edit: screen('StudentEdit'),
  icon: SchoolIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;

export const contractsResource = {
  name: 'contracts',
  list: screen('ContractList'),
  create: screen('ContractCreate'),
  edit: screen('ContractEdit'),
  recordRepresentation: 'contractNumber',
} satisfies ResourceProps;

export const studentAccountsResource = {
  name: 'student-accounts',
  list: screen('AccountList'),
  create: screen('AccountCreate'),
  edit: screen('AccountEdit'),
  recordRepresentation: 'username',
} satisfies ResourceProps;

/** 期次 (docs/product/cohorts.md): a sub-tab of 学员管理. */
export const cohortsResource = {
  name: 'cohorts',
  list: screen('CohortList'),
  create: screen('CohortCreate'),
  edit: screen('CohortEdit'),
  recordRepresentation: 'name',
  // 考勤: a page of the cohort's own (docs/product/cohorts.md#attendance).
  children: createElement(Route, { path: ':id/attendance', element: createElement(screen('CohortAttendance')) }),
} satisfies ResourceProps;

/** 薪资保障 (docs/product/guarantee.md): the ledger, a sub-tab of 学员管理; nothing is created or edited here. */
export const guaranteeResource = {
  name: 'guarantee',
  list: screen('GuaranteeLedger'),
} satisfies ResourceProps;

/** 就业报告 (docs/product/outcomes-report.md): a page of figures, a sub-tab of 学员管理. */
export const outcomesReportResource = {
  name: 'outcomes-report',
  list: screen('OutcomesReport'),
} satisfies ResourceProps;

/** Payments have no screen of their own: they live on the student card (PaymentsSection). */
export const paymentsResource = { name: 'payments' } satisfies ResourceProps;
