type Color = "red" | "green" | "blue";
type RGB = [number, number, number];
const palette = {
  red: [255, 0, 0],
  green: "#00ff00",
  blue: [0, 0, 255],
} satisfies Record<Color, string | RGB>;
const g = palette.green.toUpperCase();
const r = palette.red.map(c => c / 255);
console.log(g, r);
const routes = { home: "/", about: "/about", user: (id: number) => `/users/${id}` } satisfies Record<string, string | ((id: number) => string)>;
console.log(routes.user(42), Object.keys(routes));
