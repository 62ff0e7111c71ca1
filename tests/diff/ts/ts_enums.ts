enum Color { Red, Green = 5, Blue }
enum Dir { Up = 'UP', Down = 'DOWN' }
console.log(Color.Red, Color.Green, Color.Blue, Color[6], Dir.Up);
const enum Flags { A = 1, B = 2 }
console.log(Flags.A | Flags.B);
