import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The one home of background work: tasks that run on a timer from the moment the API is ready
 * until it closes. A run never overlaps an earlier run of the same task, and a failure is logged,
 * never thrown. Timers do not keep the process alive; closing waits for the runs in flight.
 */
export type Scheduler = {
  every: (
    name: string,
    intervalMs: number,
    task: () => Promise<unknown>,
    options?: { runAtStart?: boolean },
  ) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

type ScheduledTask = {
  name: string;
  intervalMs: number;
  task: () => Promise<unknown>;
  runAtStart: boolean;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
};

async function schedulerPlugin(app: FastifyInstance) {
  const tasks: ScheduledTask[] = [];
  let started = false;
  let closed = false;

  const run = (scheduled: ScheduledTask) => {
    if (scheduled.running || closed) return;
    scheduled.running = scheduled
      .task()
      .then(
        () => undefined,
        (error: unknown) => {
          app.log.warn(
            { err: error instanceof Error ? error.message : 'unknown', task: scheduled.name },
            `${scheduled.name} failed`,
          );
        },
      )
      .finally(() => {
        scheduled.running = null;
      });
  };

  const start = (scheduled: ScheduledTask) => {
    scheduled.timer = setInterval(() => run(scheduled), scheduled.intervalMs);
    scheduled.timer.unref();
    if (scheduled.runAtStart) run(scheduled);
  };

  app.decorate('scheduler', {
    every: (name, intervalMs, task, options = {}) => {
      const scheduled: ScheduledTask = {
        name,
        intervalMs,
        task,
        runAtStart: options.runAtStart ?? false,
        running: null,
        timer: null,
      };
      tasks.push(scheduled);
      if (started) start(scheduled);
    },
  } satisfies Scheduler);

  app.addHook('onReady', async () => {
    started = true;
    for (const scheduled of tasks) start(scheduled);
  });

  app.addHook('onClose', async () => {
    closed = true;
    for (const scheduled of tasks) {
      if (scheduled.timer) clearInterval(scheduled.timer);
    }
    await Promise.all(tasks.map((scheduled) => scheduled.running));
  });
}

export default fp(schedulerPlugin, { name: 'scheduler' });
