import type { LeadStatusReason } from '@aipm/contracts';
import { beijingTime, type ExportColumn } from '../common/export/csv-export';

/**
 * The columns both lead exports add after 状态 (docs/product/back-office.md#csv-export): why a lead was given up, as
 * the label 线索设置 gives its reason (retired ones included, so old rows keep their words), the note, and the first
 * contact (ADR 068). A code no longer in the settings is written as it is stored rather than dropped.
 */
export function leadStatusColumns(alias: string, reasons: readonly LeadStatusReason[]): ExportColumn[] {
  return [
    { header: '原因', key: 'statusReason', sql: `${alias}."statusReason"`, labels: Object.fromEntries(reasons.map((reason) => [reason.code, reason.zh])) },
    { header: '原因说明', key: 'statusNote', sql: `${alias}."statusNote"` },
    { header: '首次联系时间', key: 'firstContactedAt', sql: beijingTime(`${alias}."firstContactedAt"`) },
  ];
}

/** `columns` with `added` right after 状态, where a reader looks for why a lead has its status. */
export function withStatusColumns(columns: readonly ExportColumn[], added: readonly ExportColumn[]): ExportColumn[] {
  const at = columns.findIndex((column) => column.key === 'status') + 1;
  return [...columns.slice(0, at), ...added, ...columns.slice(at)];
}
