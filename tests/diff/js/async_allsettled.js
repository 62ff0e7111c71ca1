Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('x')), 3]).then(rs => {
  console.log(rs.map(r => r.status + ':' + (r.value !== undefined ? r.value : r.reason.message)).join(' '));
});
