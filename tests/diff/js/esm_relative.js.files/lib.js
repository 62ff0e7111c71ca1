import { twice } from './util/math.mjs';

let n = 0;
export const PI2 = twice(Math.PI);
export function area(r) {
  return Math.PI * r * r;
}
export function counter() {
  return ++n;
}
export default 'lib-default';
console.log('lib.js evaluated', typeof require);
