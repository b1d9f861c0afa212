// A Target backed by a protocol process. Each opened Target owns one child,
// reused across every cell its worker scores; when the child dies it is
// restarted for the next episode, and the episode it was serving reports its
// delivery incomplete and its checker as Error, so the run goes on.
import { SealedSplitError, type CallResult, type Delivery, type Effect, type Episode, type EpisodePlan, type OpenOptions, type Step, type Target, type TargetInfo, type TaskInfo, type Trajectory, type Verdict } from '../../contract/target.ts';
import type { AgentInputs } from '../../contract/inputs.ts';
import { errorMessage, InputError } from '../../util/errors.ts';
import { ProtocolClient, type ClientOptions } from './client.ts';
import { commandFrom, timeoutFrom } from './command.ts';
import { BridgeDiedError, RemoteError, SUPPORTED_VERSIONS, type Method, type Result } from './messages.ts';
import { shownCommand } from '../../util/command-words.ts';

/** The handshake's time limit: an interpreter can take seconds to import a benchmark. */
const HANDSHAKE_LIMIT_MS = 120_000;

/** Capabilities naming the optional methods of protocol 3. */
const PROTOCOL_3_CAPABILITIES = ['inputs', 'call'];

export interface ProtocolTargetOptions extends ClientOptions {
  /** how the user names this target in messages */
  label?: string;
}

/** Starts the command and shakes hands; refuses a target of another protocol version. */
export async function startClient(
  command: string[],
  open: OpenOptions,
  opts: ProtocolTargetOptions = {},
): Promise<{ client: ProtocolClient; info: TargetInfo; protocol: number }> {
  const client = new ProtocolClient(command, opts);
  const handshake = (protocol: number) =>
    client.request(
      'handshake',
      {
        protocol,
        client: 'blindspot',
        options: open.targetOptions ?? {},
        ...(open.unseal ? { unseal: open.unseal } : {}),
        ...(open.checkerDir ? { checkerDir: open.checkerDir } : {}),
      },
      HANDSHAKE_LIMIT_MS,
    );
  // A target of an older version refuses the newer one and keeps serving: offer the next lower.
  const offer = async (versions: readonly number[]): ReturnType<typeof handshake> => {
    try {
      return await handshake(versions[0]);
    } catch (e) {
      if (e instanceof RemoteError && e.code === 'unsupported-protocol' && versions.length > 1) return offer(versions.slice(1));
      throw e;
    }
  };
  try {
    const hello = await offer([...SUPPORTED_VERSIONS].reverse());
    if (!(SUPPORTED_VERSIONS as readonly number[]).includes(hello.protocol)) {
      throw new InputError(`${opts.label ?? shownCommand(command)}: speaks protocol ${hello.protocol}, blindspot speaks ${SUPPORTED_VERSIONS.join(' and ')}`);
    }
    const info = hello.target;
    // the methods of protocol 3 exist only for a target that speaks it
    if (hello.protocol < 3) info.capabilities = info.capabilities.filter((c) => !PROTOCOL_3_CAPABILITIES.includes(c));
    return { client, info, protocol: hello.protocol };
  } catch (e) {
    client.kill('handshake failed');
    if (e instanceof InputError) throw e;
    throw new InputError(`${opts.label ?? shownCommand(command)}: handshake failed: ${errorMessage(e)}`);
  }
}

export async function openProtocolTarget(command: string[], open: OpenOptions, opts: ProtocolTargetOptions = {}): Promise<Target> {
  // a --checker-dir this target cannot load is refused by openTarget, for every kind of target
  let { client, info } = await startClient(command, open, opts);
  const first = info;
  let restarts = 0;

  /** a restart under way: the engine's cells in flight all find the child dead at once, and start one together */
  let restarting: Promise<ProtocolClient> | undefined;
  /** The live child, restarted if it died; a restarted child must be the same target. */
  function live(): Promise<ProtocolClient> {
    if (client.alive) return Promise.resolve(client);
    restarting ??= (async () => {
      restarts++;
      ({ client, info } = await startClient(command, open, opts));
      if (info.checkerHash !== first.checkerHash || info.corpusHash !== first.corpusHash) {
        throw new Error(`${first.name}: restarted target reports other checkers or corpus (hashes changed)`);
      }
      return client;
    })().finally(() => (restarting = undefined));
    return restarting;
  }

  const sealedAware = (taskId: string) => (e: unknown): never => {
    if (e instanceof RemoteError && e.code === 'sealed') {
      const t = tasksCache?.find((x) => x.id === taskId);
      throw new SealedSplitError(taskId, t?.split ?? 'holdout');
    }
    throw e;
  };
  let tasksCache: TaskInfo[] | undefined;

  const can = (capability: string) => first.capabilities.includes(capability);
  /** episodes opened with an id of blindspot's choosing (capability pipeline), unique across restarts */
  let pipelined = 0;
  /** The id is blindspot's, so the episode's requests follow its open without waiting for the answer. */
  const openAhead = (c: ProtocolClient) => {
    const episode = `p${++pipelined}`;
    const open = () =>
      quiet(
        c.request('open', { episode }).then((r) => {
          if (r.episode !== episode) throw new RemoteError('invalid-result', `open answered episode ${r.episode}, not ${episode} as asked (capability pipeline)`);
        }),
      );
    return { episode, open };
  };
  const target: Target & { restarts: number } = {
    async describe() {
      return structuredClone(first);
    },
    async tasks() {
      tasksCache ??= (await (await live()).request('tasks')).tasks as TaskInfo[];
      return structuredClone(tasksCache);
    },
    async reference(taskId: string, options?: { version?: string }): Promise<Trajectory> {
      const params = options?.version ? { task: taskId, version: options.version } : { task: taskId };
      const r = await (await live()).request('reference', params).catch(sealedAware(taskId));
      return r.trajectory as Trajectory;
    },
    async episode(plan: EpisodePlan = {}) {
      const c = await live();
      if (!can('pipeline')) return protocolEpisode(c, (await c.request('open')).episode, can('call'));
      const { episode, open } = openAhead(c);
      return protocolEpisode(c, episode, can('call'), { open, plan });
    },
    async close() {
      await client.close();
    },
    // not part of Target; lets tests and benches see restarts
    get restarts() {
      return restarts;
    },
  };
  if (can('pipeline')) {
    // not part of Target: the censuses' many fresh deliveries (census/deliver.ts). Every
    // episode's open, deliver, readback and close go out before the first answer; the
    // target serves them in order, so it still holds one episode open at a time.
    Object.assign(target, {
      async deliverEach(jobs: Trajectory[]): Promise<(Delivery & { effect: Effect })[]> {
        const c = await live();
        const sent = jobs.map((trajectory) => {
          const { episode, open } = openAhead(c);
          const opening = open();
          const delivered = quiet(c.request('deliver', { episode, trajectory }));
          const effect = quiet(c.request('readback', { episode }));
          quiet(c.request('close', { episode }));
          return { opening, delivered, effect };
        });
        const observed = [];
        for (const s of sent) {
          // as an episode does: a failed delivery (or open) is its result; a failed readback (or open) throws
          const delivery = await s.opening.then(() => s.delivered).catch((e: unknown): Delivery => ({ completed: false, stepsRun: 0, error: errorMessage(e) }));
          observed.push({ ...delivery, effect: (await s.opening.then(() => s.effect)).effect as Effect });
        }
        return observed;
      },
    });
  }
  if (can('inputs')) {
    target.inputs = async (taskId: string): Promise<AgentInputs> => {
      const r = await (await live()).request('inputs', { task: taskId }).catch(sealedAware(taskId));
      return r.inputs as AgentInputs;
    };
  }
  return target;
}

/** A promise whose rejection is handled where it is awaited, or nowhere when it never is. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/**
 * One episode on one child; if that child dies, the episode is lost with it.
 * Pipelined (capability pipeline: `open` and the engine's `plan`), the
 * episode's requests are sent without waiting for the answers before them, which
 * the target serves in order: its open is not waited for; its deliver, its
 * readback (the engine always reads back after a delivery) and the check the plan
 * names go out together, so the target has read the effect back before that
 * checker starts; its close is not waited for. Each answer is still awaited in the
 * engine's order, deliver, then readback, then check. A `whole` plan sends all
 * of them, open and close included, in the delivery's write: with several cells
 * in flight, the target serves each episode from open to close before the next.
 */
function protocolEpisode(client: ProtocolClient, episode: string, interactive: boolean, pipelined?: { open: () => Promise<void>; plan: EpisodePlan }): Episode {
  const whole = pipelined?.plan.whole === true;
  let opening = pipelined && !whole ? pipelined.open() : undefined;
  /** requests the engine is waiting on: owed when it gives up on the cell, the child is stuck in one */
  let owed = 0;
  const owe = async <T>(answer: Promise<T>): Promise<T> => {
    owed++;
    try {
      return await answer;
    } finally {
      owed--;
    }
  };
  // an open that failed explains the episode's failures better than their own unknown-episode errors
  const ask = async <M extends Method>(method: M, params: Record<string, unknown>): Promise<Result<M>> => {
    const answer = quiet(client.request(method, params)); // sent now, before the first await
    await opening;
    return answer;
  };
  /** served (answered, refused or timed out) once the target reached it; never, if the child died before */
  const servedOf = (o: Promise<void>) =>
    quiet(
      o.catch((e: unknown) => {
        if (e instanceof BridgeDiedError) throw e;
      }),
    );
  let readahead: Promise<Result<'readback'>> | undefined;
  let checkahead: { task: string; answer: Promise<Result<'check'>> } | undefined;
  const ep: Episode = {
    async deliver(trajectory: Trajectory): Promise<Delivery> {
      try {
        if (whole) ep.serving = servedOf((opening = pipelined!.open()));
        const delivered = ask('deliver', { episode, trajectory });
        if (opening) readahead = quiet(ask('readback', { episode }));
        const task = pipelined?.plan.check;
        if (task !== undefined) checkahead = { task, answer: quiet(ask('check', { episode, task })) };
        if (whole) quiet(client.request('close', { episode }));
        return await owe(delivered);
      } catch (e) {
        return { completed: false, stepsRun: 0, error: errorMessage(e) };
      }
    },
    async readback(): Promise<Effect> {
      const answer = readahead ?? ask('readback', { episode });
      readahead = undefined;
      return (await owe(answer)).effect as Effect;
    },
    async check(task: string): Promise<Verdict> {
      const ahead = checkahead?.task === task ? checkahead.answer : undefined;
      checkahead = undefined;
      return owe(ahead ?? ask('check', { episode, task }));
    },
    async close() {
      // An answer still owed when the engine gives up on a cell means the child is
      // stuck in it: kill it so the next cell gets a fresh one instead of a queue.
      if (pipelined ? owed > 0 : client.inFlight > 0) client.kill('abandoned a request of a timed-out cell');
      // a whole episode's close went out with its delivery (one never delivered was never opened)
      if (!client.alive || whole) return;
      const closed = client.request('close', { episode }).catch(() => undefined);
      // pipelined, the next episode's requests queue behind the close: nothing waits for its answer
      if (!pipelined) await closed;
    },
  };
  if (opening) ep.serving = servedOf(opening);
  if (interactive) {
    // a tool call that fails is the answer {ok: false}; a protocol error or a dead child throws
    ep.call = async (task: string, step: Step): Promise<CallResult> => (await owe(ask('call', { episode, task, step }))) as CallResult;
  }
  return ep;
}

const RESERVED = new Set(['command', 'timeout']);

/** The generic protocol target (see registry.ts): its own options (command, timeout) stay here, the rest go to the child. */
export function openCommandTarget(options: OpenOptions): Promise<Target> {
  const passed = Object.fromEntries(Object.entries(options.targetOptions ?? {}).filter(([k]) => !RESERVED.has(k)));
  const timeoutMs = timeoutFrom(options);
  return openProtocolTarget(commandFrom(options), { ...options, targetOptions: passed }, timeoutMs === undefined ? {} : { timeoutMs });
}
