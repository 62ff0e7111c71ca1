const users = [{ name: "a", address: { city: "X" } }, { name: "b" }];
for (const u of users) {
  console.log(u.name, u.address.city);
}
