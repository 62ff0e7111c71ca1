class ValidationError extends Error {
  constructor(field, msg) { super(msg); this.name = "ValidationError"; this.field = field; }
}
const errs = [new ValidationError("email", "is invalid"), new RangeError("out of range")];
for (const e of errs) console.log(`${e.name} [${e.field ?? "-"}]: ${e.message}`);
console.log(errs.map(e => e instanceof Error));
console.log(JSON.stringify(errs[0]));
console.log(Object.keys(errs[0]));
