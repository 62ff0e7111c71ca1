const user = {
  id: 1024, username: "grace_hopper", email: "grace@example.com",
  roles: ["admin", "editor", "viewer"], active: true,
  profile: { firstName: "Grace", lastName: "Hopper", born: 1906, languages: ["COBOL", "FLOW-MATIC"] },
};
console.log(user);
console.log([user, user.profile]);
