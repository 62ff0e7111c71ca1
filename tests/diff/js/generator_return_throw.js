function* worker() {
  try {
    let received = yield "ready";
    while (true) received = yield `got ${received}`;
  } finally {
    console.log("cleanup");
  }
}
const w = worker();
console.log(w.next().value);
console.log(w.next("a").value);
console.log(w.next("b").value);
console.log(w.return("bye"));
console.log(w.next());
const w2 = worker();
w2.next();
try { w2.throw(new Error("injected")); } catch (e) { console.log("caught", e.message); }
