/**
 * The student's record as the page prints it: every calendar date and sum of money of GET /api/student/me, formatted on
 * the server by the shared format library (formatDate, formatMoneyFromCents, formatMoneyTotals) in the page's language
 * (record-text.server.ts). The page's own JavaScript then carries no formatter: the landing's chunks stay as they are
 * (a formatter shared by the two would be split into chunks of its own, one more request on `/`), and the student's
 * pages stay lean (tools/bench/student-js.mjs). A language switch reloads the loader's data, these texts with it.
 */
export interface RecordText {
  /** Each YYYY-MM-DD of the record: "2026年11月23日" / "23 Nov 2026". */
  dates: Record<string, string>;
  /** Each amount of the record, by moneyKey: "¥19,800.00". */
  money: Record<string, string>;
  /** The payments' per-currency sums: "¥15,000.00" ("¥0.00" when none). */
  totals: { total: string; completed: string; pending: string; balance: string };
}

/** The key of one amount in RecordText.money. */
export const moneyKey = (cents: number, currency: string) => `${currency} ${cents}`;
