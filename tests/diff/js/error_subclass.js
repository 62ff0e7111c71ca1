class ValidationError extends Error {
  constructor(field, msg) { super(msg); this.name = 'ValidationError'; this.field = field; }
}
try { throw new ValidationError('email', 'invalid email'); }
catch (e) {
  console.log(e instanceof ValidationError, e instanceof Error, e.name, e.field, e.message);
  console.log(String(e));
}
