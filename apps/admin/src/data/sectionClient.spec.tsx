import '../../test/support/jsdom-setup';
import { defineSectionClient, type HttpClient, sectionMethods } from './sectionClient';

/** An HTTP client that answers every call with `json` and records the URLs it was asked for. */
function recordingHttp(json: unknown) {
  const urls: string[] = [];
  const http = (async (url: string) => {
    urls.push(url);
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  }) as HttpClient;
  return { http, urls };
}

const notesClient = defineSectionClient('notes', (http) => ({
  read: async (id: string) => (await http(`/api/admin/notes/${id}`)).json as { text: string },
  remove: async (id: string) => {
    await http(`/api/admin/notes/${id}`, { method: 'DELETE' });
  },
}));

describe(defineSectionClient.name, () => {
  it('knows its calls by name without sending any', () => {
    const http = jest.fn() as unknown as HttpClient;
    const client = defineSectionClient('notes', () => ({ read: async () => (http as jest.Mock)() }));
    expect(client.calls).toEqual(['read']);
    expect(http).not.toHaveBeenCalled();
  });
});

describe(sectionMethods.name, () => {
  it('names each call <section>.<call> and sends it with the data provider\u2019s client', async () => {
    const { http, urls } = recordingHttp({ text: 'hello' });
    const methods = sectionMethods([notesClient], http);
    expect(Object.keys(methods)).toEqual(['notes.read', 'notes.remove']);
    // The value travels wrapped (useSectionClient unwraps it); what matters here is the request and its answer.
    expect(await methods['notes.read']('n1')).toEqual({ value: { text: 'hello' } });
    expect(urls).toEqual(['/api/admin/notes/n1']);
  });

  it('refuses two clients of one name, whose calls would overwrite each other', () => {
    const { http } = recordingHttp(null);
    expect(() => sectionMethods([notesClient, notesClient], http)).toThrow('two section clients are named notes');
  });

  it('lets a failure through unchanged, for useDataProvider to check', async () => {
    const failure = Object.assign(new Error('aipm.errors.UNAUTHORIZED'), { status: 401 });
    const http = (async () => Promise.reject(failure)) as HttpClient;
    await expect(sectionMethods([notesClient], http)['notes.remove']('n1')).rejects.toBe(failure);
  });
});
