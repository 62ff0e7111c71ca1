class Queue {
  #items = [];
  enqueue(...xs) { this.#items.push(...xs); return this; }
  dequeue() { return this.#items.shift(); }
  get size() { return this.#items.length; }
  *[Symbol.iterator]() { yield* this.#items; }
}
const q = new Queue().enqueue(1, 2, 3);
q.dequeue();
console.log(q.size, [...q].join(','));
