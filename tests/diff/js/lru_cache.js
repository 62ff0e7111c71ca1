class LRUCache {
  constructor(capacity) { this.capacity = capacity; this.map = new Map(); }
  get(key) {
    if (!this.map.has(key)) return -1;
    const v = this.map.get(key);
    this.map.delete(key); this.map.set(key, v);
    return v;
  }
  put(key, value) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value);
  }
}
const c = new LRUCache(2);
c.put(1, 1); c.put(2, 2);
console.log(c.get(1));
c.put(3, 3);
console.log(c.get(2), c.get(3));
c.put(4, 4);
console.log(c.get(1), c.get(3), c.get(4));
console.log(c.map, c);
