type Fish = { swim: () => string };
type Bird = { fly: () => string };
const isFish = (p: Fish | Bird): p is Fish => 'swim' in p;
const pets: (Fish | Bird)[] = [{ swim: () => 'splash' }, { fly: () => 'flap' }];
console.log(pets.map(p => isFish(p) ? p.swim() : p.fly()).join(' '));
