const items = ['x', 'y'];
const html = `<ul>${items.map(i => `<li>${i}</li>`).join('')}</ul>`;
console.log(html);
