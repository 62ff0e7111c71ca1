try {
  try {
    JSON.parse("{");
  } catch (e) {
    throw new Error("config unreadable", { cause: e });
  }
} catch (e) {
  console.log(e.message, "| cause:", e.cause.name);
}
const agg = new AggregateError([new Error("a"), new Error("b")], "two failures");
console.log(agg.name, agg.message, agg.errors.length);
