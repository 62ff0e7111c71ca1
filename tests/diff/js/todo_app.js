class TodoList {
  constructor() { this.items = []; this.nextId = 1; }
  add(text, priority = "normal") { const item = { id: this.nextId++, text, priority, done: false }; this.items.push(item); return item; }
  complete(id) { const it = this.items.find(i => i.id === id); if (!it) throw new Error(`no todo ${id}`); it.done = true; }
  get pending() { return this.items.filter(i => !i.done); }
  render() {
    const order = { high: 0, normal: 1, low: 2 };
    return [...this.items].sort((a, b) => order[a.priority] - order[b.priority] || a.id - b.id)
      .map(i => `[${i.done ? "x" : " "}] #${i.id} ${i.text}${i.priority !== "normal" ? ` (${i.priority})` : ""}`).join("\n");
  }
}
const list = new TodoList();
list.add("write tests", "high"); list.add("refactor"); list.add("coffee", "low"); list.add("deploy", "high");
list.complete(2);
console.log(list.render());
console.log(`${list.pending.length} pending`);
try { list.complete(42); } catch (e) { console.log(e.message); }
console.log(list.items[0]);
