import { expect } from 'vitest';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  EventObject,
  StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>;

/** A sample event with its payload (done/error/after events included). */
export type ModelEvent = EventObject & Record<string, unknown>;

export interface ModelOptions {
  /** Sample events, including the done/error events of invoked actors and delayed events. */
  events: EventObject[];
  /** What makes two snapshots different vertices of the graph. */
  serializeState: (snapshot: AnyMachineSnapshot) => string;
}

/**
 * Every shortest path (one per reachable vertex) and every simple path. Each kind is walked only
 * when it is read: simple paths grow fast with the events, and a test often wants one kind only.
 */
export function buildPaths(machine: AnyStateMachine, options: ModelOptions) {
  // The graph walkers are typed with the machine's own events; done/error/after events are real
  // events of the machine too, so the loose EventObject list is cast once here.
  const traversal = options as unknown as Parameters<typeof getShortestPaths<AnyStateMachine>>[1];
  return {
    get shortest(): ModelPath[] {
      return getShortestPaths(machine, traversal) as ModelPath[];
    },
    get simple(): ModelPath[] {
      return getSimplePaths(machine, traversal) as ModelPath[];
    },
  };
}

/** Leaf state paths of a state value, e.g. { ios: 'waitingForDelay' } -> ['ios.waitingForDelay']. */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [prefix + key] : leafPaths(child, `${prefix}${key}.`),
  );
}

/** Every leaf state the machine defines (atomic and final states). */
export function definedLeafStates(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateNode, prefix: string): string[] => {
    const children = Object.entries(node.states) as [string, AnyStateNode][];
    if (children.length === 0) return [prefix.slice(0, -1)];
    return children.flatMap(([key, child]) => walk(child, `${prefix}${key}.`));
  };
  return walk(machine.root, '');
}

/** Fails when a defined state is never reached by any generated path. */
export function expectEveryStateReachable(machine: AnyStateMachine, paths: ModelPath[]): void {
  const reached = new Set(paths.flatMap((path) => leafPaths(path.state.value as StateValue)));
  const unreachable = definedLeafStates(machine).filter((state) => !reached.has(state));
  expect(unreachable, `unreachable states of ${machine.id}`).toEqual([]);
}

export function describeEvent(event: EventObject): string {
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (done) {
    // An error the API answered with a refusal (401, 403) names it, to tell it from other failures.
    const error = (event as EventObject & { error?: { status?: unknown; refusal?: unknown } })
      .error;
    const refused = error?.refusal !== undefined || typeof error?.status === 'number';
    return `${done[1] === 'done' ? 'done' : 'error'}(${done[2]}${refused ? ', refused' : ''})`;
  }
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after(${after[1]})`;
  const record = event as EventObject & Record<string, unknown>;
  if (event.type === 'field.change') return `field.change(${String(record.field)})`;
  if (event.type === 'auth.changed') {
    const user = record.user as { uid?: string } | null;
    return `auth.changed(${user ? user.uid : 'null'}${record.reason ? ', with reason' : ''})`;
  }
  return event.type;
}

export function describePath(
  machineId: string,
  kind: string,
  index: number,
  path: ModelPath,
): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event));
  const end = leafPaths(path.state.value as StateValue).join('+');
  return `[${machineId}] ${kind} #${index + 1}: ${events.length ? events.join(' -> ') : '(start)'} => ${end}`;
}

/** The steps of a path after the initial one (the first step is the machine's start). */
export function stepsOf(path: ModelPath) {
  return path.steps.slice(1);
}

/** A promise the test settles when the path says the actor finished. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Pending fake promise actors, by source name. A path step 'xstate.done.actor.<id>' settles the
 * pending actor behind invoke id <id>.
 */
export class PendingActors {
  private readonly pending = new Map<string, Deferred<unknown>>();

  constructor(private readonly sourceOfInvoke: Record<string, string> = {}) {}

  start<T>(source: string): Promise<T> {
    const next = deferred<unknown>();
    this.pending.set(source, next);
    return next.promise as Promise<T>;
  }

  /** Settles the actor named by a done/error event; false when the event is not one. */
  settle(event: EventObject): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const invokeId = match[2] as string;
    const source = this.sourceOfInvoke[invokeId] ?? invokeId;
    const pending = this.pending.get(source);
    if (!pending) throw new Error(`No pending actor '${source}' for ${event.type}`);
    this.pending.delete(source);
    const record = event as EventObject & { output?: unknown; error?: unknown };
    if (match[1] === 'done') pending.resolve(record.output);
    else pending.reject(record.error);
    return true;
  }
}

/** Lets settled promises and the actors' reactions run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export function expectSameState(actual: StateValue, expected: StateValue, where: string): void {
  expect(actual, where).toEqual(expected);
}

/**
 * Drops every path whose events are a prefix of another path's events (the longer path replays
 * the shorter one on the way), like xstate's deduplicatePaths.
 */
export function withoutPrefixPaths(paths: ModelPath[]): ModelPath[] {
  const keys = paths.map((path) => stepsOf(path).map((step) => JSON.stringify(step.event)));
  return paths.filter((_, index) => {
    const mine = keys[index]!;
    return !keys.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        other.length > mine.length &&
        mine.every((event, position) => other[position] === event),
    );
  });
}

/**
 * A few paths that together take every transition the given paths take: greedily, the path that
 * takes the most transitions not yet taken, until none is left. A transition is the vertex a step
 * leaves (as `serializeState` names it) with the step's event.
 */
export function pathsCoveringTransitions(
  paths: ModelPath[],
  serializeState: (snapshot: AnyMachineSnapshot) => string,
): ModelPath[] {
  const transitionsOf = (path: ModelPath) =>
    new Set(
      stepsOf(path).map(
        (step, index) =>
          `${serializeState(path.steps[index]!.state)} ${JSON.stringify(step.event)}`,
      ),
    );
  const remaining = paths.map((path) => ({ path, transitions: transitionsOf(path) }));
  const taken = new Set<string>();
  const chosen: ModelPath[] = [];
  for (;;) {
    const gain = (transitions: Set<string>) =>
      [...transitions].filter((transition) => !taken.has(transition)).length;
    const best = remaining.reduce<(typeof remaining)[number] | null>(
      (top, candidate) =>
        gain(candidate.transitions) > (top ? gain(top.transitions) : 0) ? candidate : top,
      null,
    );
    if (!best) return chosen;
    chosen.push(best.path);
    best.transitions.forEach((transition) => taken.add(transition));
  }
}
