// Types of outcomes-cohort.mjs for the TypeScript tests that seed through it (apps/api/test/outcomes-report.e2e-spec.ts).

export declare function addDays(date: string, days: number): string;
export declare function chinaToday(now?: Date): string;

export interface SeedPlan {
  name: string;
  graduated?: number;
  withdrew?: number;
  attended?: number;
  seeking?: number;
  offer?: [category: string, daysAfterLastDay: number, monthlyBase: number, monthsPerYear: number, fixedExtras: number];
  refundPaid?: boolean;
  bonusPaid?: boolean;
}
export declare const COHORT_PLAN: readonly SeedPlan[];

export interface ApiClient {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
  signIn(email: string, password: string): Promise<void>;
  uploadPdf(fileName: string): Promise<string>;
}
export declare function apiClient(base: string, options?: { storage?: string }): ApiClient;

export declare function seedOutcomesCohort(
  api: ApiClient,
  options?: { today?: string; label?: string },
): Promise<{ cohort: { id: string; name: string; startDate: string; endDate: string }; ids: Record<string, string> }>;
