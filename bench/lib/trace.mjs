// Reading a Chrome trace of the page (CDP Tracing): its main thread's tasks, nested, and the script
// functions V8's sampling profiler saw, for the bench's diagnostic scripts (bench/trace-tap.mjs,
// bench/trace-start.mjs). Times are in the trace's microseconds; printed in ms.

export const CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

/** The trace of what `work` makes the page do. */
export async function traced(cdp, work) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES },
  });
  await work();
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** The renderer's main thread: the CrRendererMain with the most complete events. */
export function mainThreadOf(events) {
  const mains = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`);
  const count = new Map(mains.map((id) => [id, 0]));
  for (const e of events) {
    const id = `${e.pid}:${e.tid}`;
    if (count.has(id) && e.ph === 'X') count.set(id, count.get(id) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1])[0][0];
}

export const ms = (us) => Math.round(us / 100) / 10;
const INTERESTING = new Set([
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FunctionCall',
  'RunMicrotasks',
  'v8.run',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'HitTest',
  'ParseAuthorStyleSheet',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'ResourceReceivedData',
  'XHRReadyStateChange',
  'ScrollLayer',
  'FireIdleCallback',
  'RunPostTaskCallback',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR',
]);

function label(e) {
  const d = e.args?.data ?? {};
  if (e.name === 'EventDispatch') return `EventDispatch ${d.type}`;
  if (e.name === 'FunctionCall')
    return `FunctionCall ${d.functionName || '(anon)'} ${tail(d.url)}:${d.lineNumber}`;
  if (e.name === 'Layout')
    return `Layout (${d.dirtyObjects ?? e.args?.beginData?.dirtyObjects ?? '?'} dirty)`;
  if (e.name === 'UpdateLayoutTree')
    return `UpdateLayoutTree (${e.args?.elementCount ?? d.elementCount ?? '?'} elements)`;
  if (e.name === 'EvaluateScript' || e.name === 'v8.compile')
    return `${e.name} ${tail(d.url ?? e.args?.fileName)}`;
  return e.name;
}

export const tail = (url) => (url ? String(url).split('/').slice(-1)[0].slice(0, 40) : '');

/** The main thread's tasks in [from, to] with their interesting descendants, nested. */
export function timeline(events, thread, from, to, zero) {
  const own = events
    .filter(
      (e) =>
        `${e.pid}:${e.tid}` === thread && e.ph === 'X' && e.ts + (e.dur ?? 0) >= from && e.ts <= to,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const lines = [];
  const stack = [];
  for (const e of own) {
    while (stack.length && e.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    const top = stack.length === 0;
    if (top && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') {
      if (!INTERESTING.has(e.name)) continue;
    }
    const depth = stack.length;
    stack.push(e);
    if (e.dur < 500 && !top) continue;
    if (!top && !INTERESTING.has(e.name)) continue;
    if (depth > 6) continue;
    lines.push(
      `${String(ms(e.ts - zero)).padStart(8)} ${String(ms(e.dur)).padStart(6)} ms ${'  '.repeat(depth)}${top ? 'task' : label(e)}`,
    );
  }
  return lines;
}

/** Self time of each script function sampled in [from, to], most first. */
export function hotFunctions(events, thread, from, to) {
  const pid = Number(thread.split(':')[0]);
  const nodes = new Map();
  const self = new Map();
  let time = null;
  const chunks = events
    .filter((e) => e.name === 'Profile' || e.name === 'ProfileChunk')
    .filter((e) => e.pid === pid)
    .sort((a, b) => a.ts - b.ts);
  for (const chunk of chunks) {
    if (chunk.name === 'Profile') {
      time = chunk.args.data.startTime;
      continue;
    }
    const profile = chunk.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      if (time < from || time > to) return;
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const key = `${frame.functionName || '(anon)'} ${tail(frame.url)}:${frame.lineNumber}:${frame.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0));
    });
  }
  return [...self]
    .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([key, us]) => `${String(ms(us)).padStart(7)} ms  ${key}`);
}
