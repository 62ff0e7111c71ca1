class Api {
  constructor() { this.base = 'v1'; }
  async get(path) { return `${this.base}/${path}`; }
}
const api = new Api();
const fetchAll = async paths => Promise.all(paths.map(p => api.get(p)));
fetchAll(['a', 'b']).then(r => console.log(r.join(' ')));
