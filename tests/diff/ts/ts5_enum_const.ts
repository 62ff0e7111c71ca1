enum Status { Active = "ACTIVE", Inactive = "INACTIVE", Banned = "BANNED" }
const enum Dir { Up = 1, Down, Left, Right }
enum Flags { None = 0, Read = 1 << 0, Write = 1 << 1, Exec = 1 << 2, All = Read | Write | Exec }
console.log(Status.Active, Object.values(Status));
console.log(Dir.Down, Dir.Right);
console.log(Flags.All, Flags[4], (Flags.Read | Flags.Exec) & Flags.Write);
const describe = (s: Status): string => { switch (s) { case Status.Active: return "ok"; default: return "not ok"; } };
console.log(describe(Status.Banned), describe(Status.Active));
