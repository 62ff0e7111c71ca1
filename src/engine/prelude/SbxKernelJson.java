// sbx session kernel for Java, part 2 (build-aux/gen-prelude.sh joins it
// after SbxKernel.java, whose imports it uses): the control channel's JSON,
// one line each way. What jansson writes is all it has to read.
final class SbxJson {
	private SbxJson() {}

	static String num(Object n) {
		return n instanceof Double && (Double) n == Math.rint((Double) n)
		    ? String.valueOf(((Double) n).longValue())
		    : String.valueOf(n);
	}

	static String strings(List<String> l) {
		StringBuilder b = new StringBuilder("[");
		for (String s : l)
			b.append(b.length() > 1 ? "," : "").append(quote(s));
		return b.append(']').toString();
	}

	static String quote(String s) {
		StringBuilder b = new StringBuilder("\"");
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			switch (c) {
			case '"': b.append("\\\""); break;
			case '\\': b.append("\\\\"); break;
			case '\n': b.append("\\n"); break;
			case '\r': b.append("\\r"); break;
			case '\t': b.append("\\t"); break;
			default:
				if (c < 0x20)
					b.append(String.format("\\u%04x", (int) c));
				else
					b.append(c);
			}
		}
		return b.append('"').toString();
	}

	@SuppressWarnings("unchecked")
	static Map<String, Object> obj(Object o) {
		return (Map<String, Object>) o;
	}

	// A small JSON reader: the control lines are jansson's.
	static Object parse(String s) {
		if (s == null)
			return null;
		int[] pos = {0};
		return value(s, pos);
	}

	static void ws(String s, int[] p) {
		while (p[0] < s.length() && Character.isWhitespace(s.charAt(p[0])))
			p[0]++;
	}

	static Object value(String s, int[] p) {
		ws(s, p);
		char c = s.charAt(p[0]);
		if (c == '{') {
			Map<String, Object> m = new LinkedHashMap<>();
			p[0]++;
			ws(s, p);
			if (s.charAt(p[0]) == '}') {
				p[0]++;
				return m;
			}
			for (;;) {
				ws(s, p);
				String k = (String) value(s, p);
				ws(s, p);
				p[0]++; // ':'
				m.put(k, value(s, p));
				ws(s, p);
				if (s.charAt(p[0]++) == '}')
					return m;
			}
		}
		if (c == '[') {
			List<Object> l = new ArrayList<>();
			p[0]++;
			ws(s, p);
			if (s.charAt(p[0]) == ']') {
				p[0]++;
				return l;
			}
			for (;;) {
				l.add(value(s, p));
				ws(s, p);
				if (s.charAt(p[0]++) == ']')
					return l;
			}
		}
		if (c == '"') {
			StringBuilder b = new StringBuilder();
			p[0]++;
			for (;;) {
				char d = s.charAt(p[0]++);
				if (d == '"')
					return b.toString();
				if (d != '\\') {
					b.append(d);
					continue;
				}
				char e = s.charAt(p[0]++);
				switch (e) {
				case 'n': b.append('\n'); break;
				case 't': b.append('\t'); break;
				case 'r': b.append('\r'); break;
				case 'b': b.append('\b'); break;
				case 'f': b.append('\f'); break;
				case 'u':
					b.append((char) Integer.parseInt(s.substring(p[0], p[0] + 4), 16));
					p[0] += 4;
					break;
				default: b.append(e);
				}
			}
		}
		if (s.startsWith("true", p[0])) {
			p[0] += 4;
			return Boolean.TRUE;
		}
		if (s.startsWith("false", p[0])) {
			p[0] += 5;
			return Boolean.FALSE;
		}
		if (s.startsWith("null", p[0])) {
			p[0] += 4;
			return null;
		}
		int st = p[0];
		while (p[0] < s.length() && "+-.eE0123456789".indexOf(s.charAt(p[0])) >= 0)
			p[0]++;
		return Double.parseDouble(s.substring(st, p[0]));
	}
}
