class AppError extends Error {
  constructor(public readonly code: string, message: string) { super(message); this.name = "AppError"; }
}
function parseAge(input: string): number {
  const n = Number(input);
  if (!Number.isInteger(n)) throw new AppError("E_NOT_INT", `"${input}" is not an integer`);
  if (n < 0) throw new AppError("E_NEGATIVE", `${n} is negative`);
  return n;
}
for (const s of ["42", "4.2", "-1", "abc"]) {
  try { console.log("age", parseAge(s)); }
  catch (e: unknown) {
    if (e instanceof AppError) console.log(e.code, e.message);
    else throw e;
  }
}
parseAge("oops");
