const EventEmitter = require("events");
class Job extends EventEmitter {
  run(steps) {
    this.emit("start", steps);
    for (let i = 1; i <= steps; i++) this.emit("progress", i, steps);
    this.emit("done");
  }
}
const job = new Job();
job.on("start", n => console.log(`starting ${n} steps`));
job.on("progress", (i, n) => console.log(`step ${i}/${n}`));
job.once("done", () => console.log("finished"));
job.run(3);
job.run(1);
console.log(job.listenerCount("progress"), job.listenerCount("done"));
