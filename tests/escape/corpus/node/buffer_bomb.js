// Memory outside V8's heap (Buffers): only the cgroup (or, without one,
// nothing but the machine) stops it; sbx must report memory_limit.
// sbx-args: --engine node -m 96M -t 30
// sbx-expect: memory_limit
// sbx-want: start
console.log('start');
const a = [];
for (;;) a.push(Buffer.alloc(1 << 20, 1));
