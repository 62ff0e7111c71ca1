class HttpError extends Error {
  constructor(public status: number, message: string) { super(message); this.name = 'HttpError'; }
}
function get(path: string): never { throw new HttpError(404, `${path} not found`); }
try { get('/x'); } catch (e) { if (e instanceof HttpError) console.log(e.name, e.status, e.message); }
