import type { StaffRole } from '@portal/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { makeStaff, signUp, type TestContext, type TestUser } from './helpers.ts';

/** A signed-up user made staff: an admin unless told. */
export async function signUpStaff(ctx: TestContext, role: StaffRole = 'admin', name = 'Sam Support'): Promise<TestUser> {
  const staff = await signUp(ctx.app, { name });
  await makeStaff(ctx, staff, undefined, role);
  return staff;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls the API as this user; the answer's status and JSON body. */
export async function call(app: FastifyInstance, user: TestUser | null, method: Method, url: string, payload?: unknown) {
  const res = await app.inject({ method, url, payload: payload as object | undefined, headers: user ? { cookie: user.cookie } : {} });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

export async function createChat(app: FastifyInstance, user: TestUser, initialMessage = 'Hello, I need help.', reason = 'Technical Support') {
  const res = await call(app, user, 'POST', '/api/support/chats', { reason, initialMessage });
  if (res.status !== 201) throw new Error(`create chat failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.chatId as string;
}

/** Starts the app on a loopback port (for event streams) and returns its base URL. */
export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Opens /api/events as this user and collects the topics it receives. */
export async function openTopics(base: string, user: TestUser) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie: user.cookie }, signal: controller.signal });
  const topics: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (const line of buffer.split('\n').filter((l) => l.startsWith('data: '))) topics.push((JSON.parse(line.slice(6)) as { topic: string }).topic);
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
      }
    } catch {
      // aborted
    }
  })();
  return { topics, close: () => controller.abort() };
}

export async function waitFor(check: () => boolean) {
  for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}
