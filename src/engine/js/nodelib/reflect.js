/* node's library: Reflect.get and Reflect.set with a receiver other than
 * the target, which Duktape refuses ("unsupported") and every Proxy trap
 * that forwards with Reflect.get(t, k, receiver) passes. These are the
 * spec's OrdinaryGet / OrdinarySet on the target's prototype chain. A
 * proxy receiver is seen through to its target (the prelude's Proxy keeps
 * it under the hidden key): Duktape forwards neither defineProperty nor
 * getOwnPropertyDescriptor to a proxy's target, and node does when the
 * handler has no such trap. The prelude calls these only for a receiver
 * that is not the target.
 * A part of the closure head.js opens. */
		function ownerDesc(o, k) {
			for (; o !== null && o !== undefined; o = Object.getPrototypeOf(o)) {
				var d = Object.getOwnPropertyDescriptor(o, k);
				if (d) return d;
			}
			return undefined;
		}
		function proxyTarget(o) {
			/* o[hidden] on a proxy would go to its get trap (or the
			 * target): read the proxy's own slot */
			for (var d; isObj(o) && P.hidden && (d = Object.getOwnPropertyDescriptor(o, P.hidden)) && d.value && d.value.kind === 'Proxy';)
				o = d.value.target;
			return o;
		}
		function reflectGet(t, k, r) {
			if (!isObj(t)) throw new TypeError('Reflect.get called on non-object');
			var d = ownerDesc(t, k);
			if (!d) return undefined;
			if ('value' in d) return d.value;
			return d.get ? d.get.call(r) : undefined;
		}
		function reflectSet(t, k, v, r) {
			if (!isObj(t)) throw new TypeError('Reflect.set called on non-object');
			var d = ownerDesc(t, k);
			if (d && !('value' in d)) {
				if (!d.set) return false;
				d.set.call(r, v);
				return true;
			}
			if (d && !d.writable) return false;
			if (!isObj(r)) return false;
			var o = proxyTarget(r), ex = Object.getOwnPropertyDescriptor(o, k);
			if (ex) {
				if (!('value' in ex) || !ex.writable) return false;
				Object.defineProperty(o, k, { value: v });
				return true;
			}
			if (!Object.isExtensible(o)) return false;
			Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
			return true;
		}
