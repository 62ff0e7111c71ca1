// A rejection with a value that is no error (a string here): node wraps it
// in its UnhandledPromiseRejection, naming the reason, code
// ERR_UNHANDLED_REJECTION, exit 1.
async function fetchUser(id) {
  if (id < 0) throw 'invalid id: ' + id;
  return { id };
}
fetchUser(1).then((u) => console.log('user', u.id));
fetchUser(-1).then((u) => console.log('never', u.id));
