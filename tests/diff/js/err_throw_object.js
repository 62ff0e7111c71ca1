console.log("about to throw an object");
throw { code: 42, reason: "custom" };
