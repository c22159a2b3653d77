// `npx tsx bench/profile-window.ts <file.cpuprofile> [<from µs> <to µs>] [rows]`: where a profile of the service
// (BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=…') spent a row's time, the row cut out by the window the bench prints
// for it (CLOCK_MONOTONIC µs, the clock of V8's profile). Self time by function, then the same inclusive of callees
// for the service's own functions and the protocol libraries (synchronous stacks only: time after an await is the
// caller's no longer).
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const [file, from = '0', to = `${Number.MAX_SAFE_INTEGER}`, rows = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-window.ts <file.cpuprofile> [<from µs> <to µs>] [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const name = ({ callFrame: frame }: Node) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\/(node_modules|src)\//, '$1/')}:${frame.lineNumber}`;

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let time = profile.startTime;
profile.samples.forEach((sample, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  time += delta;
  if (time < Number(from) || time > Number(to)) return;
  total += delta;
  const stack: string[] = [];
  for (let id: number | undefined = sample; id !== undefined; id = parents.get(id)) stack.push(name(nodes.get(id)!));
  self.set(stack[0]!, (self.get(stack[0]!) ?? 0) + delta);
  for (const frame of new Set(stack)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + delta);
});

const top = (times: Map<string, number>, keep: (frame: string) => boolean = () => true) =>
  [...times]
    .filter(([frame]) => keep(frame))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rows))
    .map(
      ([frame, micros]) =>
        `${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1)}%  ${frame}`,
    )
    .join('\n');
console.log(`${(total / 1e6).toFixed(2)} s of samples in the window`);
console.log(`self:\n${top(self)}`);
console.log(
  `inclusive, the service's own and the protocol libraries:\n${top(inclusive, (f) => / src\/|@openid4vc|dcql/.test(f))}`,
);
