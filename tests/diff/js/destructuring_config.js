const defaults = { host: "localhost", port: 8080, tls: { enabled: false, cert: null } };
function connect({ host = "0.0.0.0", port, tls: { enabled = true } = {}, ...rest } = {}) {
  return `${enabled ? "https" : "http"}://${host}:${port} ${JSON.stringify(rest)}`;
}
console.log(connect(defaults));
console.log(connect({ port: 443, retries: 3, tls: {} }));
const [first, , third = "none", ...others] = ["a", "b", undefined, "d", "e"];
console.log(first, third, others);
const { tls: { cert: certificate = "self-signed" } } = defaults;
console.log(certificate);
const swap = ([x, y]) => [y, x];
console.log(swap([1, 2]));
