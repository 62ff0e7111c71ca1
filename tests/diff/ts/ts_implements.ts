interface Greeter { greet(name: string): string }
interface Logger { log(msg: string): void }
class Polite implements Greeter, Logger {
  private lines: string[] = [];
  greet(name: string) { return `Good day, ${name}`; }
  log(msg: string) { this.lines.push(msg); console.log(`[${this.lines.length}] ${msg}`); }
}
const p = new Polite();
p.log(p.greet('Ada'));
