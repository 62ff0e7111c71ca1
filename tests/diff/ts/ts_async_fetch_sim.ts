interface ApiResponse<T> { ok: boolean; data?: T; error?: string }
type Todo = { id: number; title: string; done: boolean };
const db: Todo[] = [{ id: 1, title: "buy milk", done: false }, { id: 2, title: "walk", done: true }];
async function fetchTodo(id: number): Promise<ApiResponse<Todo>> {
  await new Promise(r => setTimeout(r, 5));
  const t = db.find(x => x.id === id);
  return t ? { ok: true, data: t } : { ok: false, error: `todo ${id} not found` };
}
async function main(): Promise<void> {
  const results = await Promise.all([1, 2, 3].map(fetchTodo));
  for (const r of results) console.log(r.ok ? `#${r.data!.id} ${r.data!.title}` : `error: ${r.error}`);
  const done = results.filter((r): r is Required<ApiResponse<Todo>> => r.ok && !!r.data?.done);
  console.log(done.length);
}
main();
