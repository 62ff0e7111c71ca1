let x = 1;
{
  let x = 2;
  console.log('inner', x);
}
console.log('outer', x);
for (let i = 0; i < 2; i++) { let y = i * 10; console.log(y); }
