class TaskQueue {
  constructor(concurrency) { this.concurrency = concurrency; this.running = 0; this.queue = []; this.log = []; }
  push(name, ms) {
    return new Promise(resolve => {
      this.queue.push({ name, ms, resolve });
      this.next();
    });
  }
  next() {
    while (this.running < this.concurrency && this.queue.length) {
      const { name, ms, resolve } = this.queue.shift();
      this.running++;
      this.log.push(`start ${name}`);
      setTimeout(() => { this.running--; this.log.push(`end ${name}`); resolve(name); this.next(); }, ms);
    }
  }
}
const q = new TaskQueue(2);
Promise.all([q.push("a", 300), q.push("b", 10), q.push("c", 10), q.push("d", 5)]).then(names => {
  console.log(names);
  console.log(q.log.join("\n"));
});
