class Config { static values; static { Config.values = ['a', 'b'].map(x => x.toUpperCase()); } }
console.log(Config.values.join(''));
