import http from 'node:http';

export interface EventStream<E> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Each message as sent: its event name (message when none) and its data. */
  messages: Array<{ event: string; data: string }>;
  /** The events (the JSON data of unnamed messages). */
  events(): E[];
  /** Resolves once a message passes `test` (already received or later). */
  until(test: (event: E) => boolean, timeoutMs: number): Promise<E>;
  close(): void;
}

/** GET a server-sent events route as a browser's EventSource does, parsing messages as they arrive. */
export function openEventStream<E>(port: number, path: string, cookie: string | undefined): Promise<EventStream<E>> {
  return new Promise((resolve, reject) => {
    const messages: EventStream<E>['messages'] = [];
    const waiters: Array<() => void> = [];
    let buffer = '';
    const req = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.split('\n').filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).trimStart());
          messages.push({ event: field('event')[0] ?? 'message', data: field('data').join('\n') });
          waiters.forEach((wake) => wake());
        }
      });
      const stream: EventStream<E> = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        events: () => messages.filter((message) => message.event === 'message').map((message) => JSON.parse(message.data) as E),
        until: (test, timeoutMs) =>
          new Promise((found, fail) => {
            const timer = setTimeout(() => fail(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(stream.events())}`)), timeoutMs);
            const check = () => {
              const event = stream.events().find(test);
              if (event) {
                clearTimeout(timer);
                found(event);
              }
            };
            waiters.push(check);
            check();
          }),
        close: () => req.destroy(),
      };
      resolve(stream);
    });
    req.on('error', reject);
  });
}
