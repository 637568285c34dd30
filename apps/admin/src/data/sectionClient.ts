import { useMemo } from 'react';
import { type fetchUtils, useDataProvider } from 'react-admin';

/** The data provider's HTTP client (dataProvider.ts httpClient): envelope removed, failures as HttpErrors. */
export type HttpClient = typeof fetchUtils.fetchJson;

type SectionCall = (...args: never[]) => Promise<unknown>;
/** A section's calls by name, each answering a promise. */
export type SectionCalls = Record<string, SectionCall>;

/**
 * One section's typed client (ADR 048): the section's name, the prefix of its data-provider methods
 * (`<section>.<call>`), and its calls over the data provider's HTTP client. The composition root hands every
 * client to createDataProvider (src/adminDataProvider.ts); screens reach the calls with useSectionClient.
 */
export interface SectionClient<C extends SectionCalls> {
  readonly section: string;
  readonly calls: ReadonlyArray<keyof C & string>;
  create(http: HttpClient): C;
}

/** Any section's client, as the data provider registers it (its calls' types do not matter there). */
export interface RegisteredSectionClient {
  readonly section: string;
  readonly calls: ReadonlyArray<string>;
  create(http: HttpClient): SectionCalls;
}

const NO_CALL_AT_DEFINITION: HttpClient = () => Promise.reject(new Error('a section client called the API while being defined'));

export function defineSectionClient<C extends SectionCalls>(section: string, create: (http: HttpClient) => C): SectionClient<C> {
  // The call names, read once: `create` only builds the functions, it sends nothing.
  const calls = Object.keys(create(NO_CALL_AT_DEFINITION)) as Array<keyof C & string>;
  return { section, calls, create };
}

/** What a section method of the data provider answers: the call's value, recognisable among useDataProvider's placeholders. */
class SectionAnswer {
  constructor(readonly value: unknown) {}
}

type DataProviderMethod = (...args: unknown[]) => Promise<unknown>;

const methodName = (section: string, call: string) => `${section}.${call}`;

/** The data provider's methods of these clients, `<section>.<call>`; two clients of one name are a mistake. */
export function sectionMethods(clients: ReadonlyArray<RegisteredSectionClient>, http: HttpClient): Record<string, DataProviderMethod> {
  const methods: Record<string, DataProviderMethod> = {};
  for (const client of clients) {
    if (clients.filter(({ section }) => section === client.section).length > 1) throw new Error(`two section clients are named ${client.section}`);
    for (const [call, send] of Object.entries(client.create(http))) {
      methods[methodName(client.section, call)] = async (...args) => new SectionAnswer(await (send as DataProviderMethod)(...args));
    }
  }
  return methods;
}

/**
 * A section's calls through react-admin's data provider (useDataProvider), so that any failure takes the path of
 * a list's: authProvider.checkError, and on a 401 the sign-out and /admin/login
 * (docs/product/back-office.md#calls-and-errors, ADR 048). Other failures reach the screen unchanged.
 */
export function useSectionClient<C extends SectionCalls>(client: SectionClient<C>): C {
  const dataProvider = useDataProvider();
  return useMemo(() => {
    const calls: Record<string, DataProviderMethod> = {};
    for (const call of client.calls) {
      const method = methodName(client.section, call);
      calls[call] = async (...args) => {
        const answer: unknown = await (dataProvider[method] as DataProviderMethod)(...args);
        if (answer instanceof SectionAnswer) return answer.value;
        // useDataProvider signed the administrator out and answered a placeholder instead of the failure: the page
        // is on its way to /admin/login, so the screen keeps waiting rather than render the placeholder.
        return new Promise<never>(() => undefined);
      };
    }
    return calls as unknown as C;
  }, [dataProvider, client]);
}
