const api = {
  data: { users: [{ id: 1, profile: { emails: ["a@x.io"] } }, { id: 2, profile: null }, { id: 3 }] },
  meta: { page: 1 },
};
for (const u of api.data.users) console.log(u.id, u.profile?.emails?.[0] ?? "(no email)", u.profile?.emails?.length);
console.log(api.meta?.next?.url, api.fetch?.(), api.data.users.at?.(-1)?.id);
const cfg = { retries: 0, name: "" };
console.log(cfg.retries || 3, cfg.retries ?? 3, cfg.name || "default", cfg.name ?? "default");
let x = null; x ??= 5; let y = 1; y ||= 10; let z = 1; z &&= 7;
console.log(x, y, z);
