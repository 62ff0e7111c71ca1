class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "HttpError";
    this.status = status;
  }
}
function fetchUser(id) {
  if (id < 0) throw new HttpError(404, `user ${id} not found`);
  return { id };
}
console.log(fetchUser(1));
fetchUser(-5);
