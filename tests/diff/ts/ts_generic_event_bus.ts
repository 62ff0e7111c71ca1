type Events = { login: { user: string }; logout: { user: string; reason?: string }; tick: number };
class Bus<E extends Record<string, unknown>> {
  private handlers: { [K in keyof E]?: ((p: E[K]) => void)[] } = {};
  on<K extends keyof E>(ev: K, fn: (p: E[K]) => void): () => void {
    (this.handlers[ev] ??= []).push(fn);
    return () => { this.handlers[ev] = this.handlers[ev]!.filter(f => f !== fn); };
  }
  emit<K extends keyof E>(ev: K, p: E[K]): number { const hs = this.handlers[ev] ?? []; hs.forEach(h => h(p)); return hs.length; }
}
const bus = new Bus<Events>();
const off = bus.on("login", ({ user }) => console.log(`welcome ${user}`));
bus.on("logout", ({ user, reason = "bye" }) => console.log(`${user} left: ${reason}`));
bus.on("tick", n => console.log("tick", n));
console.log(bus.emit("login", { user: "zoe" }), bus.emit("tick", 1));
off();
console.log(bus.emit("login", { user: "zoe" }), bus.emit("logout", { user: "zoe" }));
