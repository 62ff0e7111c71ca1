class Book {
  #checkedOut = false;
  constructor(title, author, year) { Object.assign(this, { title, author, year }); }
  get available() { return !this.#checkedOut; }
  checkout() { if (this.#checkedOut) throw new Error(`${this.title} is already out`); this.#checkedOut = true; }
  toString() { return `"${this.title}" by ${this.author} (${this.year})`; }
}
class Library {
  books = new Map();
  add(...books) { for (const b of books) this.books.set(b.title, b); return this; }
  search(q) { return [...this.books.values()].filter(b => b.title.toLowerCase().includes(q)); }
}
const lib = new Library().add(
  new Book("Dune", "Frank Herbert", 1965),
  new Book("Neuromancer", "William Gibson", 1984),
  new Book("Dune Messiah", "Frank Herbert", 1969));
lib.books.get("Dune").checkout();
for (const b of lib.search("dune")) console.log(`${b}`, b.available ? "available" : "checked out");
try { lib.books.get("Dune").checkout(); } catch (e) { console.log("Error:", e.message); }
console.log(lib.books.size);
