import type { INestApplication } from '@nestjs/common';
import request from 'supertest';

/**
 * A supertest agent signed in as the administrator (it keeps the session cookie). The only place the lead
 * suites know how the back office signs in: the first administrator registers and is signed in at once.
 */
export async function adminAgent(app: INestApplication): Promise<ReturnType<typeof request.agent>> {
  const agent = request.agent(app.getHttpServer());
  await agent.post('/api/admin/register').send({ email: 'leads-admin@example.com', password: 'leads-admin-password-1' }).expect(201);
  return agent;
}

/** A distinct client address per call (the API trusts X-Forwarded-For from loopback), so the form rate limit stays out of the way. */
let client = 0;
export function visitorIp(): string {
  client += 1;
  return `198.51.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`;
}

type Body = Record<string, unknown>;

/**
 * Mainland mobile numbers for one suite: the prefix (136, 137…) and a counter, so each call is a new person and two
 * suites with different prefixes never share one.
 */
export function phoneSequence(prefix: string): () => string {
  let sequence = 0;
  return () => `${prefix}${String(10_000_000 + (sequence += 1)).slice(-8)}`;
}

/**
 * A registration through the public form, as a visitor sends it from an address of its own; its id. The fields the
 * body leaves out are a valid form's (school, major, goals, the agreement ticked).
 */
export async function sendRegistration(app: INestApplication, body: Body): Promise<string> {
  const response = await request(app.getHttpServer())
    .post('/api/registrations')
    .set('X-Forwarded-For', visitorIp())
    .send({ school: '湖南大学', major: '软件工程', goals: '转型', agreement: true, ...body })
    .expect(201);
  return response.body.data.id;
}

/** A consultation message through the public form, as sendRegistration sends a registration; its id. */
export async function sendMessage(app: INestApplication, body: Body): Promise<string> {
  const response = await request(app.getHttpServer()).post('/api/contact').set('X-Forwarded-For', visitorIp()).send({ subject: 'pricing', message: '学费多少', ...body }).expect(201);
  return response.body.data.id;
}
