import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local server speaking the OpenAI chat-completions protocol (streamed and not), with tool
 * calls, usage, embeddings and scripted failures. Tests point AI_BASE_URL at `stub.url` so the
 * real HTTP path of the AI SDK runs on loopback only.
 *
 * Replies are scripted per test: `stub.enqueue(...)` pushes replies that are used in order, one
 * per chat-completions request; when the queue is empty the default reply is used.
 */

export type StubUsage = { promptTokens: number; completionTokens: number };

export type StubToolCall = {
  name: string;
  arguments: Record<string, unknown> | string;
  id?: string;
};

export type ChatRequestBody = {
  model?: string;
  stream?: boolean;
  messages?: Array<{
    role: string;
    content?: unknown;
    tool_calls?: unknown;
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string } }>;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
};

export type StubReply =
  /** Plain assistant text, streamed in chunks of `chunkSize` characters. */
  | { kind: 'text'; text: string; chunkSize?: number; usage?: StubUsage; finishReason?: string }
  /** The assistant calls one or more tools (the SDK runs them and asks again). */
  | { kind: 'tool_calls'; calls: StubToolCall[]; usage?: StubUsage }
  /** An HTTP error, e.g. 401 invalid key, 429 rate limited (with Retry-After), 500. */
  | {
      kind: 'error';
      status: number;
      message?: string;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
    }
  /** Accept the request and never answer (a provider hang). */
  | { kind: 'hang' }
  /** Start a stream, then send garbage and cut the connection. */
  | { kind: 'malformed' }
  /**
   * Stream the first `afterChars` characters of `text` as well-formed chunks, then cut the
   * connection: no finish reason, no usage, no `[DONE]` (a provider or proxy dropping mid-answer).
   */
  | { kind: 'cut'; text: string; afterChars: number; chunkSize?: number }
  /** Decide from the request (e.g. answer from tool results already in the messages). */
  | { kind: 'dynamic'; reply: (body: ChatRequestBody) => StubReply };

export type RecordedRequest = {
  path: string;
  authorization: string | undefined;
  body: ChatRequestBody;
};

export type OpenAIStubOptions = {
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Delay before the first byte of every answer, to simulate provider latency. */
  latencyMs?: number;
  /** Delay between streamed chunks. */
  chunkDelayMs?: number;
  /** Reply used when the queue is empty. */
  defaultReply?: StubReply;
  /** Dimensions of the deterministic embeddings. */
  embeddingDimensions?: number;
};

export type OpenAIStub = {
  /** Base URL including `/v1`, as providers expect. */
  url: string;
  enqueue: (...replies: StubReply[]) => void;
  setDefault: (reply: StubReply) => void;
  /** Chat-completions requests received, in order. */
  requests: RecordedRequest[];
  embeddingRequests: RecordedRequest[];
  /** Replies still queued. */
  pending: () => number;
  reset: () => void;
  close: () => Promise<void>;
};

const DEFAULT_REPLY: StubReply = { kind: 'text', text: 'Hello from the stub model.' };

export async function startOpenAIStub(options: OpenAIStubOptions = {}): Promise<OpenAIStub> {
  const queue: StubReply[] = [];
  const requests: RecordedRequest[] = [];
  const embeddingRequests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let defaultReply = options.defaultReply ?? DEFAULT_REPLY;
  let counter = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    let body: ChatRequestBody = {};
    try {
      body = raw ? (JSON.parse(raw) as ChatRequestBody) : {};
    } catch {
      return sendJson(res, 400, {
        error: { message: 'invalid JSON', type: 'invalid_request_error' },
      });
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    const recorded = { path, authorization: req.headers.authorization, body };

    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      if (path.endsWith('/embeddings')) embeddingRequests.push(recorded);
      else requests.push(recorded);
      return sendJson(res, 401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }

    if (req.method === 'POST' && path.endsWith('/embeddings')) {
      embeddingRequests.push(recorded);
      await delay(options.latencyMs);
      const input = (body as { input?: unknown }).input;
      const inputs = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
      const dims = options.embeddingDimensions ?? 64;
      return sendJson(res, 200, {
        object: 'list',
        data: inputs.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: embedText(text, dims),
        })),
        model: body.model ?? 'stub-embedding',
        usage: {
          prompt_tokens: estimateTokens(inputs.join(' ')),
          total_tokens: estimateTokens(inputs.join(' ')),
        },
      });
    }

    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      return sendJson(res, 404, {
        error: { message: `No route ${req.method} ${path}`, type: 'not_found' },
      });
    }

    requests.push(recorded);
    let reply = queue.shift() ?? defaultReply;
    while (reply.kind === 'dynamic') reply = reply.reply(body);

    if (reply.kind === 'hang') return; // never answer; closed by stub.close() or the client
    await delay(options.latencyMs);

    if (reply.kind === 'error') {
      const headers: Record<string, string> = {};
      if (reply.retryAfterSeconds !== undefined)
        headers['retry-after'] = String(reply.retryAfterSeconds);
      if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
      return sendJson(
        res,
        reply.status,
        {
          error: {
            message: reply.message ?? defaultErrorMessage(reply.status),
            type: reply.status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error',
            code: reply.status === 401 ? 'invalid_api_key' : null,
          },
        },
        headers,
      );
    }

    const id = `chatcmpl-stub-${++counter}`;
    const model = body.model ?? 'stub-model';
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = estimateTokens(JSON.stringify(body.messages ?? []));
    /** One streamed event of the answer: a delta of the one choice. */
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
      sse({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });

    if (reply.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: 'Partial' }));
      res.write('data: {"id": "broken", "choices": [{"delta": {"content": \n\n');
      res.socket?.destroy();
      return;
    }

    if (reply.kind === 'cut') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const sent = reply.text.slice(0, Math.max(0, reply.afterChars));
      const size = Math.max(1, reply.chunkSize ?? 12);
      const chunks: Array<Record<string, string>> = [{ role: 'assistant', content: '' }];
      for (let i = 0; i < sent.length; i += size) chunks.push({ content: sent.slice(i, i + size) });
      for (const delta of chunks) {
        if (options.chunkDelayMs) await delay(options.chunkDelayMs);
        if (res.destroyed) return;
        res.write(chunk(delta));
      }
      // Let the chunks leave before the connection drops, as a real cut comes after them.
      await new Promise<void>((resolve) => res.write('', () => resolve()));
      res.socket?.destroy();
      return;
    }

    if (!body.stream) {
      const message =
        reply.kind === 'text'
          ? { role: 'assistant', content: reply.text }
          : { role: 'assistant', content: null, tool_calls: toolCallsPayload(reply.calls) };
      const usage = usagePayload(
        reply.usage,
        promptTokens,
        reply.kind === 'text' ? reply.text : JSON.stringify(reply.calls),
      );
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message,
            finish_reason: reply.kind === 'text' ? (reply.finishReason ?? 'stop') : 'tool_calls',
          },
        ],
        usage,
      });
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });

    res.write(chunk({ role: 'assistant', content: '' }));
    let finishReason: string;
    let completionText: string;
    if (reply.kind === 'text') {
      const size = Math.max(1, reply.chunkSize ?? 12);
      for (let i = 0; i < reply.text.length; i += size) {
        if (options.chunkDelayMs) await delay(options.chunkDelayMs);
        if (res.destroyed) return;
        res.write(chunk({ content: reply.text.slice(i, i + size) }));
      }
      finishReason = reply.finishReason ?? 'stop';
      completionText = reply.text;
    } else {
      const calls = toolCallsPayload(reply.calls);
      calls.forEach((call, index) => {
        res.write(
          chunk({
            tool_calls: [
              {
                index,
                id: call.id,
                type: 'function',
                function: { name: call.function.name, arguments: '' },
              },
            ],
          }),
        );
        const args = call.function.arguments;
        const half = Math.ceil(args.length / 2);
        res.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }));
        res.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
      });
      finishReason = 'tool_calls';
      completionText = JSON.stringify(reply.calls);
    }
    res.write(chunk({}, finishReason));
    if (body.stream_options?.include_usage) {
      res.write(
        sse({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [],
          usage: usagePayload(reply.usage, promptTokens, completionText),
        }),
      );
    }
    res.write('data: [DONE]\n\n');
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    enqueue: (...replies) => queue.push(...replies),
    setDefault: (reply) => {
      defaultReply = reply;
    },
    requests,
    embeddingRequests,
    pending: () => queue.length,
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      embeddingRequests.length = 0;
      defaultReply = options.defaultReply ?? DEFAULT_REPLY;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Text of the last tool result message for `toolName`'s call, parsed as JSON when it is JSON. */
export function lastToolResult(body: ChatRequestBody, toolName: string): unknown {
  const messages = body.messages ?? [];
  const callIds = new Map<string, string>();
  for (const message of messages) {
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls as Array<{ id: string; function: { name: string } }>) {
        callIds.set(call.id, call.function.name);
      }
    }
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool' || !message.tool_call_id) continue;
    if (callIds.get(message.tool_call_id) !== toolName) continue;
    const text =
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return undefined;
}

/** Deterministic bag-of-words embedding: texts sharing words point the same way. */
export function embedText(text: string, dims = 64): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    const index = Math.abs(hash) % dims;
    vector[index] = (vector[index] ?? 0) + 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)) || 1;
  return vector.map((value) => value / norm);
}

function toolCallsPayload(calls: StubToolCall[]) {
  return calls.map((call, index) => ({
    id: call.id ?? `call_${index + 1}_${call.name}`,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments:
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

function usagePayload(usage: StubUsage | undefined, promptTokens: number, completion: string) {
  const prompt = usage?.promptTokens ?? promptTokens;
  const completionTokens = usage?.completionTokens ?? estimateTokens(completion);
  return {
    prompt_tokens: prompt,
    completion_tokens: completionTokens,
    total_tokens: prompt + completionTokens,
  };
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function defaultErrorMessage(status: number): string {
  if (status === 401) return 'Incorrect API key provided.';
  if (status === 429) return 'Rate limit reached for requests.';
  return 'The server had an error while processing your request.';
}

function sse(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(payload));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function delay(ms: number | undefined): Promise<void> {
  return ms ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
