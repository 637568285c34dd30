import {
  contractSalaryCents,
  formatIsoDate,
  GUARANTEE_STATUSES,
  type GuaranteeEntryResponse,
  type GuaranteeStatus,
  type GuaranteeSummaryResponse,
  type GuaranteeTerms,
  graduationOf,
  guaranteeStatusOf,
  sumMoneyTotals,
} from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import type { Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { type ListSpec, parseListQuery } from '../common/list/list-query';
import { CohortsService } from '../cohorts/cohorts.service';
import { ComputedCache } from '../common/computed-cache/computed-cache';
import { type GuaranteeFactsRow, GuaranteeLedgerRepository } from './guarantee-ledger.repository';
import { GuaranteeSettingsService } from './guarantee-settings.service';

const GUARANTEE_LIST: ListSpec = {
  alias: 'guarantee',
  sortable: ['owed', 'exposure', 'windowEnd', 'contractNumber', 'studentName', 'status'],
  searchable: [],
  statuses: GUARANTEE_STATUSES,
  defaultSort: ['owed', 'DESC'],
};

/** What needs the administrator first: money due, then what may still be owed, then the rest. */
const STATUS_ORDER: readonly GuaranteeStatus[] = ['refund_due', 'bonus_due', 'open', 'ineligible', 'met', 'refunded', 'bonus_paid'];

/** The contract's own term where set, the settings' otherwise. */
function termsOf(row: GuaranteeFactsRow, defaults: GuaranteeTerms): GuaranteeTerms {
  return {
    target: row.guaranteeTarget ?? defaults.target,
    refundRate: row.refundRate ?? defaults.refundRate,
    bonusThreshold: row.bonusThreshold ?? defaults.bonusThreshold,
    bonusRate: row.bonusRate ?? defaults.bonusRate,
    windowDays: row.guaranteeWindowDays ?? defaults.windowDays,
    minAttendance: row.minAttendance ?? defaults.minAttendance,
  };
}

/** Entries by a field (status by urgency), ties by urgency then contract number. */
function compareBy(field: keyof GuaranteeEntryResponse, direction: 1 | -1) {
  const urgency = (entry: GuaranteeEntryResponse) => STATUS_ORDER.indexOf(entry.status);
  return (a: GuaranteeEntryResponse, b: GuaranteeEntryResponse): number => {
    if (field === 'status') return direction * (urgency(a) - urgency(b)) || (a.contractNumber < b.contractNumber ? -1 : 1);
    const [x, y] = [a[field] ?? '', b[field] ?? ''];
    if (x !== y) return direction * (x < y ? -1 : 1);
    return urgency(a) - urgency(b) || (a.contractNumber < b.contractNumber ? -1 : 1);
  };
}

/**
 * The salary guarantee's ledger (docs/product/guarantee.md): each guaranteed contract's status and the amounts owed,
 * computed from the stored facts by guaranteeStatusOf on every read (ADR 054), and the dashboard's totals.
 */
@Injectable()
export class GuaranteeService {
  constructor(
    private readonly ledger: GuaranteeLedgerRepository,
    private readonly settings: GuaranteeSettingsService,
    private readonly cohorts: CohortsService,
    private readonly cache: ComputedCache,
  ) {}

  /**
   * Every guaranteed contract, as the ledger states it today in China: computed over all of them, and kept until a
   * table it reads changes or the day does (ComputedCache, ADR 055). The entries are shared: callers do not change them.
   */
  async entries(now = new Date()): Promise<readonly GuaranteeEntryResponse[]> {
    const today = formatIsoDate(now);
    return this.cache.get('guarantee-ledger', today, () => this.computeEntries(today));
  }

  private async computeEntries(today: string): Promise<GuaranteeEntryResponse[]> {
    const [rows, lastDays, defaults] = await Promise.all([this.ledger.facts(), this.cohorts.lastClassDays(), this.settings.read()]);
    const entries = rows.map((row): GuaranteeEntryResponse => {
      const terms = termsOf(row, defaults);
      const graduation = graduationOf(row, row.cohortId ? (lastDays.get(row.cohortId) ?? null) : null);
      const attendance = { attended: row.attended, marked: row.marked };
      const money = { contractAmount: row.contractAmount, tuitionPaid: Number(row.tuitionPaid), refundsPaid: Number(row.refundsPaid), bonusesPaid: Number(row.bonusesPaid) };
      const offers = row.offers.map((offer) => ({ date: offer.date, contractSalary: contractSalaryCents(offer) }));
      const entry = guaranteeStatusOf({ terms, ...money, graduation, attendance, offers, today });
      return {
        id: row.contractId,
        contractNumber: row.contractNumber,
        studentId: row.studentId,
        studentName: row.studentName,
        currency: row.currency,
        ...money,
        terms,
        graduation,
        attendance,
        ...entry,
      };
    });
    // Kept in the list's default order, most owed first: a page of it needs no sort.
    return entries.sort(compareBy('owed', -1));
  }

  /**
   * One page of the ledger: filtered by status and by `q` (a part of the contract number or the student's name, any
   * case), sorted (most owed first by default: the kept entries are in that order already), paged in memory.
   */
  async list(query: ListQueryDto, now = new Date()): Promise<Page<GuaranteeEntryResponse>> {
    const list = parseListQuery(query, GUARANTEE_LIST);
    const statuses = list.filter.status;
    const q = list.filter.q?.trim().toLowerCase();
    const all = await this.entries(now);
    const matching = statuses || q ? all.filter((entry) => (!statuses || statuses.includes(entry.status)) && (!q || entry.contractNumber.toLowerCase().includes(q) || entry.studentName.toLowerCase().includes(q))) : all;
    const isDefault = list.sortField === 'owed' && list.sortOrder === 'DESC';
    const sorted = isDefault ? matching : [...matching].sort(compareBy(list.sortField as keyof GuaranteeEntryResponse, list.sortOrder === 'ASC' ? 1 : -1));
    return { rows: sorted.slice(list.offset, list.offset + list.limit), offset: list.offset, total: sorted.length, totalIsEstimate: false };
  }

  async summary(now = new Date()): Promise<GuaranteeSummaryResponse> {
    const entries = await this.entries(now);
    const counts = Object.fromEntries(GUARANTEE_STATUSES.map((status) => [status, 0])) as Record<GuaranteeStatus, number>;
    for (const entry of entries) counts[entry.status] += 1;
    const totalOf = (amount: (entry: GuaranteeEntryResponse) => number) => sumMoneyTotals(entries.map((entry) => [{ currency: entry.currency, amount: amount(entry) }]));
    return {
      openExposure: totalOf((entry) => entry.exposure),
      refundsDue: totalOf((entry) => (entry.status === 'refund_due' ? entry.owed : 0)),
      bonusesDue: totalOf((entry) => (entry.status === 'bonus_due' ? entry.owed : 0)),
      counts,
    };
  }

}
