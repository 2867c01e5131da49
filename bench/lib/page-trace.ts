/**
 * A Chromium trace of the page's main thread over one stretch of a bench (CDP Tracing, the
 * categories DevTools' Performance panel records), summed up the way one reads such a trace by
 * hand: self time per kind of work (script, style, layout, paint, GC...), each style recalculation
 * with the elements it touched, each layout with its dirty and total objects, and whether it ran
 * inside script (forced, synchronous) or in the frame's own update. The raw trace is written too,
 * to open in DevTools. Used by the incoming suite under PARLEY_BENCH_TRACE=<dir>.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (dur is wall time, which a loaded machine stretches). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

/** Events that run script, so a style or layout pass under them was forced by it. */
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'V8.Execute',
]);

/**
 * Counts the DOM changes in the page by kind and place (the nearest landmark, list row or
 * component class): which parts re-render for the traced stretch. Source text, run in the page.
 */
const WATCH_MUTATIONS = `(() => {
  const counts = new Map();
  const place = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return '?';
    const row = el.closest('[data-row-key]');
    const area = el.closest('[role="log"], nav, aside, header, [role="dialog"], main, title') ;
    const tag = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '');
    return (area ? (area.getAttribute('aria-label') || area.tagName.toLowerCase()) : 'page') + (row ? ' row ' + row.getAttribute('data-row-key') : '') + ' ' + tag;
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const what = r.type === 'attributes' ? 'attr ' + r.attributeName : r.type === 'childList' ? 'children +' + r.addedNodes.length + '-' + r.removedNodes.length : 'text';
      const key = what + ' @ ' + place(r.target);
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__mutations = () => {
    observer.disconnect();
    return ['DOM mutations (count kind @ place):', ...[...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => '  ' + n + ' ' + k)];
  };
})()`;

/** Runs `during` inside a trace of the page; returns its summary lines (also written to `dir`). */
export async function tracePage<T>(cdp: CDPSession, dir: string, label: string, during: () => Promise<T>): Promise<T> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  // PARLEY_BENCH_TRACE_CATEGORIES: more, comma-separated (e.g. toplevel,blink,accessibility,mojom).
  const more = (process.env['PARLEY_BENCH_TRACE_CATEGORIES'] ?? '').split(',').filter(Boolean);
  const includedCategories = [...CATEGORIES, ...more];
  await cdp.send('Tracing.start', { traceConfig: { includedCategories }, transferMode: 'ReportEvents' });
  const result = await during();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  await mkdir(dir, { recursive: true });
  const file = label.replace(/[^\w-]+/g, '-');
  await writeFile(join(dir, `${file}.json`), JSON.stringify({ traceEvents: events }));
  await writeFile(join(dir, `${file}.txt`), summarizeTrace(events).join('\n') + '\n');
  return result;
}

/**
 * Runs `during` under V8's sampling profiler and a count of the DOM's changes (both cost the page
 * time of their own, hence apart from the trace): writes the profile and the top functions.
 */
export async function profilePage<T>(
  cdp: CDPSession,
  dir: string,
  label: string,
  during: () => Promise<T>,
): Promise<T> {
  await cdp.send('Runtime.evaluate', { expression: WATCH_MUTATIONS });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const result = await during();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const tally = (await cdp.send('Runtime.evaluate', { expression: 'window.__mutations()', returnByValue: true })) as {
    result: { value: string[] };
  };
  await mkdir(dir, { recursive: true });
  const file = label.replace(/[^\w-]+/g, '-');
  await writeFile(join(dir, `${file}.cpuprofile`), JSON.stringify(profile));
  await writeFile(join(dir, `${file}.txt`), [...tally.result.value, ...topFunctions(profile)].join('\n') + '\n');
  return result;
}

/** The renderer main thread: the thread named CrRendererMain with the most events. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const named = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.['name'] === 'CrRendererMain');
  let best: { pid: number; tid: number } | null = null;
  let most = -1;
  for (const t of named) {
    const count = events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
    if (count > most) [best, most] = [{ pid: t.pid, tid: t.tid }, count];
  }
  return best;
}

/** CPU time of an event where the trace has it, else its wall time. */
const cpu = (e: TraceEvent): number => e.tdur ?? e.dur ?? 0;

export function summarizeTrace(all: TraceEvent[]): string[] {
  const main = mainThread(all);
  if (!main) return ['no renderer main thread in the trace'];
  const events = all
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const lines: string[] = [];
  const stack: { e: TraceEvent; end: number; children: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= upTo) {
      const top = stack.pop()!;
      self.set(top.e.name, (self.get(top.e.name) ?? 0) + cpu(top.e) - top.children);
    }
  };
  let tasks = 0;
  let wall = 0;
  for (const e of events) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.children += cpu(e);
    else [tasks, wall] = [tasks + cpu(e), wall + e.dur!];
    const forced = stack.some((s) => SCRIPT.has(s.e.name)) ? 'forced by script' : 'in the frame';
    const ms = (cpu(e) / 1000).toFixed(2);
    if (e.name === 'UpdateLayoutTree')
      lines.push(`  style ${ms} ms, ${String(e.args?.['elementCount'] ?? '?')} elements (${forced})`);
    if (e.name === 'Layout') {
      const b = e.args?.beginData ?? {};
      lines.push(
        `  layout ${ms} ms, dirty ${String(b['dirtyObjects'])} of ${String(b['totalObjects'])} objects, partial ${String(b['partialLayout'])} (${forced})`,
      );
    }
    if (e.name === 'Paint' || e.name === 'PrePaint' || e.name === 'Layerize' || e.name === 'Commit')
      lines.push(`  ${e.name} ${ms} ms`);
    stack.push({ e, end: e.ts + e.dur!, children: 0 });
  }
  close(Infinity);
  const bySelf = [...self].sort((a, b) => b[1] - a[1]).filter(([, us]) => us >= 50);
  const shares = shareOf(self);
  return [
    `main thread CPU ${(tasks / 1000).toFixed(2)} ms in top-level events (wall ${(wall / 1000).toFixed(2)} ms); CPU times below`,
    `by kind: ${[...shares].map(([kind, us]) => `${kind} ${(us / 1000).toFixed(2)} ms`).join(', ')}`,
    'self time by event (>= 0.05 ms):',
    ...bySelf.map(([name, us]) => `  ${name} ${(us / 1000).toFixed(2)} ms`),
    'style, layout and paint passes in order:',
    ...lines,
  ];
}

/** Self times summed by the kind of work, as one asks of a trace: script, style and layout, painting, GC, the rest. */
const KINDS: [string, (name: string) => boolean][] = [
  ['style+layout', (n) => n === 'UpdateLayoutTree' || n === 'Layout'],
  [
    'paint (prepaint, paint, layerize, commit)',
    (n) => ['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer', 'PaintImage'].includes(n),
  ],
  ['GC', (n) => n.startsWith('V8.GC') || n === 'MinorGC' || n === 'MajorGC'],
  ['script', (n) => SCRIPT.has(n) || n.startsWith('V8.') || n === 'v8.compile' || n === 'ParseHTML'],
  ['task overhead and other', () => true],
];

function shareOf(self: Map<string, number>): Map<string, number> {
  const shares = new Map<string, number>(KINDS.map(([kind]) => [kind, 0]));
  for (const [name, us] of self) {
    const [kind] = KINDS.find(([, is]) => is(name))!;
    shares.set(kind, shares.get(kind)! + us);
  }
  return shares;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The JavaScript functions with the most self time in the profile (samples x their deltas). */
function topFunctions(profile: CpuProfile): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byNode.get(samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (deltas[i + 1] ?? 0));
  }
  const top = [...self]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  return [
    'JS self time, top functions (sampled):',
    ...top.map(([name, us]) => `  ${(us / 1000).toFixed(2)} ms ${name}`),
  ];
}
