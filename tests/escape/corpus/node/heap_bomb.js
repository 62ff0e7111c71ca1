// V8's heap past the memory limit: memory_limit (V8's own out of memory
// or the cgroup's), never a crash of sbx or a host OOM.
// sbx-args: --engine node -m 96M -t 30
// sbx-expect: memory_limit
// sbx-want: start
console.log('start');
const a = [];
for (;;) a.push(new Array(1 << 16).fill(1.5));
