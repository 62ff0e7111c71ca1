class AppError extends Error { constructor(m) { super(m); this.name = this.constructor.name; } }
class NotFound extends AppError { constructor(what) { super(`${what} not found`); this.status = 404; } }
const e = new NotFound('user');
console.log(e.name, e.message, e.status, e instanceof AppError, e instanceof NotFound);
