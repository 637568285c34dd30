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
