import '../../test/support/jsdom-setup';
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { AdminContext, localStorageStore, memoryStore, useLocaleState } from 'react-admin';
import { ENGLISH_CATALOGUE } from './english';
import { createI18nProvider } from './i18nProvider';
import { withOpeningLocale } from './openingLocaleStore';
import { SECTION_MESSAGES } from '../sectionMessages';

function Language() {
  const [locale] = useLocaleState();
  return <p>{locale}</p>;
}

/** Renders react-admin's contexts around the language, counting the commits that React makes of them. */
function renderCountingCommits(store: ReturnType<typeof memoryStore>, cookie: string) {
  const commits: string[] = [];
  const i18nProvider = createI18nProvider(SECTION_MESSAGES, cookie, ENGLISH_CATALOGUE);
  render(
    <Profiler id="admin" onRender={(_id, phase) => commits.push(phase)}>
      <AdminContext store={withOpeningLocale(store, () => i18nProvider.getLocale())} i18nProvider={i18nProvider}>
        <Language />
      </AdminContext>
    </Profiler>,
  );
  return commits;
}

describe(withOpeningLocale.name, () => {
  afterEach(() => localStorage.clear());

  it('renders the back office in its first commit when no language was ever picked', async () => {
    const commits = renderCountingCommits(memoryStore(), '');
    await act(async () => undefined);
    expect(commits).toEqual(['mount']);
    expect(screen.getByText('zh')).toBeInTheDocument();
  });

  it("answers with the public site's language, without writing it, until one is picked", async () => {
    const store = localStorageStore();
    const commits = renderCountingCommits(store, 'lng=en');
    await act(async () => undefined);
    expect(commits).toEqual(['mount']);
    expect(screen.getByText('en')).toBeInTheDocument();
    expect(store.getItem('locale')).toBeUndefined();
    expect(localStorage.getItem('RaStore.locale')).toBeNull();
  });

  it('answers with the picked language once there is one, and leaves the other keys alone', () => {
    const store = memoryStore({ locale: 'en', 'registrations.listParams': { page: 2 } });
    const wrapped = withOpeningLocale(store, () => 'zh');
    expect(wrapped.getItem('locale')).toBe('en');
    expect(wrapped.getItem('registrations.listParams')).toEqual({ page: 2 });
    expect(wrapped.getItem('missing', 'fallback')).toBe('fallback');
  });
});
