function f() {
  try {
    console.log("try");
    throw new Error("inner");
  } catch (e) {
    console.log("catch", e.message);
    return "from catch";
  } finally {
    console.log("finally");
  }
}
console.log(f());
try { try { throw new Error("a"); } finally { console.log("cleanup"); } } catch (e) { console.log("outer caught", e.message); }
