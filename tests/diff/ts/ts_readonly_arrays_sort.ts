interface Score { player: string; points: number; time: number }
const scores: readonly Score[] = [
  { player: "amy", points: 90, time: 31 }, { player: "bo", points: 75, time: 22 },
  { player: "cam", points: 90, time: 28 }, { player: "dee", points: 60, time: 40 },
];
const ranked = [...scores].sort((a, b) => b.points - a.points || a.time - b.time);
ranked.forEach((s, i) => console.log(`${i + 1}. ${s.player.padEnd(4)} ${s.points} pts ${s.time}s`));
const best = ranked.at(0)!;
console.log(`winner: ${best.player}`, scores.length);
const summary = Object.fromEntries(scores.map(s => [s.player, s.points >= 75 ? "pass" : "fail"])) as Record<string, "pass" | "fail">;
console.log(summary);
