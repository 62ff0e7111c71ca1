interface Config { port: number; host?: string }
function load(raw: string): Config {
  const c = JSON.parse(raw) as Partial<Config>;
  if (typeof c.port !== "number") throw new TypeError(`port must be a number, got ${typeof c.port}`);
  return c as Config;
}
console.log(load('{"port": 80}'));
console.log(load('{"port": "80"}'));
