import type { AppLoadContext } from '@remix-run/node';

/** The cookies of the student realm: the only ones the /student pages pass on to the API (never the administrator's). */
const STUDENT_COOKIES = ['aipm.student', 'aipm.student-device'];

export interface StudentApiAnswer<Data = { username: string; name: string }> {
  status: number;
  body: { success?: boolean; code?: string; message?: string; data?: Data; fieldCodes?: Record<string, string> };
  setCookies: string[];
}

/**
 * Calls /api/student/** from a loader or action (docs/product/student-portal.md): with the student's cookies only,
 * the visitor's address appended to X-Forwarded-For (the sign-in throttle counts visitors, not this server) and the
 * protocol the browser used (the API marks the cookie Secure over HTTPS). The answer's Set-Cookie lines are handed
 * back for the page's own answer.
 */
export async function callStudentApi<Data = { username: string; name: string }>(request: Request, context: AppLoadContext, path: string, body?: object | FormData): Promise<StudentApiAnswer<Data>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': context.requestId, 'X-Forwarded-Proto': new URL(request.url).protocol.replace(':', '') };
  const cookies = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => STUDENT_COOKIES.includes(part.slice(0, part.indexOf('='))));
  if (cookies.length > 0) headers['Cookie'] = cookies.join('; ');
  if (context.remoteAddress) {
    const incoming = request.headers.get('x-forwarded-for')?.trim();
    headers['X-Forwarded-For'] = incoming ? `${incoming}, ${context.remoteAddress}` : context.remoteAddress;
  }
  // A form's files go on as multipart (fetch writes its boundary); anything else as JSON.
  const multipart = body instanceof FormData;
  if (body && !multipart) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${context.apiUrl}${path}`, { method: body ? 'POST' : 'GET', headers, body: multipart ? body : body ? JSON.stringify(body) : undefined });
  const answer = (await response.json().catch(() => ({}))) as StudentApiAnswer<Data>['body'];
  return { status: response.status, body: answer, setCookies: response.headers.getSetCookie() };
}

/** Headers carrying the API's Set-Cookie lines on the page's answer, never cached (a student's page). */
export function studentHeaders(setCookies: string[] = []): Headers {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const line of setCookies) headers.append('Set-Cookie', line);
  return headers;
}

/** The form field as text ('' when missing). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
