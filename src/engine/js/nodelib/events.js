/* node's library: require('events'): EventEmitter as node's behaves,
 * its warnings and errors included.
 * A part of the closure head.js opens: uses its helpers. */
		function makeEvents() {
			function EventEmitter() { EventEmitter.init.call(this); }
			EventEmitter.defaultMaxListeners = 10;
			EventEmitter.init = function () {
				if (!this._events || this._events === Object.getPrototypeOf(this)._events) {
					this._events = Object.create(null);
					this._eventsCount = 0;
				}
				this._maxListeners = this._maxListeners || undefined;
			};
			var proto = EventEmitter.prototype;
			proto._events = undefined;
			proto._eventsCount = 0;
			proto._maxListeners = undefined;
			function events(self) {
				if (!self._events) { self._events = Object.create(null); self._eventsCount = 0; }
				return self._events;
			}
			function checkListener(l) { if (typeof l !== 'function') throw argType('listener', 'function', l); }
			function addListener(self, type, listener, prepend) {
				checkListener(listener);
				var ev = events(self);
				if (ev.newListener !== undefined) self.emit('newListener', type, listener.listener ? listener.listener : listener);
				var list = ev[type];
				if (!list) { ev[type] = [listener]; self._eventsCount++; }
				else if (prepend) list.unshift(listener);
				else list.push(listener);
				var max = self.getMaxListeners();
				if (max > 0 && ev[type].length > max && !ev[type].warned) {
					ev[type].warned = true;
					P.warning('Possible EventEmitter memory leak detected. ' + ev[type].length + ' ' + String(type) +
						' listeners added to ' + P.inspect(self, -1) + '. Use emitter.setMaxListeners() to increase limit', 'MaxListenersExceededWarning');
				}
				return self;
			}
			function onceWrapper(self, type, listener) {
				var fired = false;
				var w = function () {
					if (fired) return undefined;
					fired = true;
					self.removeListener(type, w);
					return listener.apply(self, arguments);
				};
				w.listener = listener;
				return w;
			}
			proto.setMaxListeners = function (n) { this._maxListeners = n; return this; };
			proto.getMaxListeners = function () { return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners; };
			proto.emit = function emit(type) {
				var ev = events(this), list = ev[type], args = slice.call(arguments, 1);
				if (type === 'error' && !list) {
					var er = args[0];
					if (P.isError(er)) throw er;
					var err = nodeError(Error, 'ERR_UNHANDLED_ERROR', 'Unhandled error. (' + inspect(er) + ')');
					err.context = er;
					throw err;
				}
				if (!list) return false;
				list = list.slice();
				for (var i = 0; i < list.length; i++) list[i].apply(this, args);
				return true;
			};
			proto.addListener = proto.on = function on(type, l) { return addListener(this, type, l, false); };
			proto.prependListener = function (type, l) { return addListener(this, type, l, true); };
			proto.once = function once(type, l) { checkListener(l); return this.on(type, onceWrapper(this, type, l)); };
			proto.prependOnceListener = function (type, l) { checkListener(l); return this.prependListener(type, onceWrapper(this, type, l)); };
			proto.removeListener = proto.off = function off(type, l) {
				checkListener(l);
				var ev = events(this), list = ev[type];
				if (!list) return this;
				for (var i = list.length - 1; i >= 0; i--) {
					if (list[i] === l || list[i].listener === l) {
						list.splice(i, 1);
						if (list.length === 0) { delete ev[type]; this._eventsCount--; }
						if (ev.removeListener !== undefined) this.emit('removeListener', type, l);
						break;
					}
				}
				return this;
			};
			proto.removeAllListeners = function (type) {
				var ev = events(this);
				if (type === undefined) { this._events = Object.create(null); this._eventsCount = 0; }
				else if (ev[type]) { delete ev[type]; this._eventsCount--; }
				return this;
			};
			proto.listeners = function (type) {
				var list = events(this)[type];
				return list ? list.map(function (l) { return l.listener || l; }) : [];
			};
			proto.rawListeners = function (type) { var list = events(this)[type]; return list ? list.slice() : []; };
			proto.listenerCount = function (type) { var list = events(this)[type]; return list ? list.length : 0; };
			proto.eventNames = function () {
				var ev = events(this), names = Object.keys(ev);
				return Object.getOwnPropertySymbols ? names.concat(Object.getOwnPropertySymbols(ev)) : names;
			};
			EventEmitter.listenerCount = function (em, type) { return em.listenerCount(type); };
			EventEmitter.once = function (em, type) {
				needPromise();
				return new Promise(function (resolve, reject) {
					var onError = function (e) { em.removeListener(type, onValue); reject(e); };
					var onValue = function () { if (type !== 'error') em.removeListener('error', onError); resolve(slice.call(arguments)); };
					em.once(type, onValue);
					if (type !== 'error') em.once('error', onError);
				});
			};
			EventEmitter.EventEmitter = EventEmitter;
			EventEmitter.errorMonitor = typeof Symbol === 'function' ? Symbol('events.errorMonitor') : 'errorMonitor';
			return EventEmitter;
		}
