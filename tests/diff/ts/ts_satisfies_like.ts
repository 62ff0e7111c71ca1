type Config = { [key: string]: string | number };
const cfg = { port: 8080, host: 'h' } as const;
const entries = Object.entries(cfg as Config).map(([k, v]) => `${k}=${v}`);
console.log(entries.join('&'));
