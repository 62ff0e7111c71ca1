function build(name: string, age?: number, ...tags: string[]): string { return [name, age ?? 'n/a', ...tags].join('|'); }
console.log(build('a'), build('b', 3, 'x', 'y'));
