// sbx launcher for Java: finds the class with main and reports its end.
//
// Compiled by sbx with each program and cached with its classes (so a
// deployment's artefacts carry it), and cached alone too, for a warm JVM,
// which has it before any request. It is one class file: sbx takes
// _SbxLaunch_.class by that name alone (java_spawn.c's launcher_take), so
// no nested or anonymous class here (lambdas are fine: they make none). Run as:
//   java ... -cp LAUNCHERDIR:CLASSDIR _SbxLaunch_ LAUNCHFILE [ARG...]
// It starts, then waits on sbx's gate (fd 4, see SANDBOX_GATE_FD): only
// after it does it read LAUNCHFILE (CLASSDIR, PRIMARY and SOURCEFILE, each
// ended by a NUL byte) or look at CLASSDIR, so that a warm sandbox (sbx
// serve's pool) has the JVM started before its request comes, with CLASSDIR
// empty until then. The ARGs (given to sbx after --) are main's String[] args.
// PRIMARY is the file's public class (or "Main"). Among the classes that
// declare `public static void main(String[])` it is preferred, then public
// classes, then the first by name; so the file name need not match and a file
// may hold several top-level classes. An uncaught exception is printed like
// the JVM does, minus this launcher's frames, and reported on fd 3
// (see src/sandbox/sandbox.h); OutOfMemoryError is reported as memory_limit.
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public final class _SbxLaunch_ {
	private _SbxLaunch_() {}

	public static void main(String[] args) throws Exception {
		// What main's call needs the first time (the method handle's
		// LambdaForms, ~10 ms), made before the gate: a warm JVM has it
		// done while it waits, and a cold one while sbx sets up.
		try {
			MethodHandle idle = MethodHandles.lookup().findStatic(_SbxLaunch_.class, "idle",
					MethodType.methodType(void.class, String[].class));
			idle.invokeExact(new String[0]);
		} catch (Throwable t) {
			// only a head start: main's own call makes what is missing
		}
		gate();
		byte[] text;
		try (FileInputStream in = new FileInputStream(args[0])) { // java.io: loaded already
			text = in.readAllBytes();
		}
		String[] launch = new String(text, StandardCharsets.UTF_8).split("\0", -1);
		String dir = launch[0], primary = launch[1], source = launch[2];
		List<String> names = new ArrayList<>();
		walk(new File(dir), "", names);
		Collections.sort(names);
		Method best = null;
		int bestRank = -1;
		ClassLoader loader = _SbxLaunch_.class.getClassLoader();
		for (String n : names) {
			Class<?> c;
			try {
				c = Class.forName(n, false, loader); // no static init yet
			} catch (Throwable t) {
				continue;
			}
			Method m;
			try {
				m = c.getDeclaredMethod("main", String[].class);
			} catch (NoSuchMethodException e) {
				continue;
			}
			int mod = m.getModifiers();
			if (!Modifier.isStatic(mod) || !Modifier.isPublic(mod) || m.getReturnType() != void.class)
				continue;
			int rank = c.getSimpleName().equals(primary) ? 2 : Modifier.isPublic(c.getModifiers()) ? 1 : 0;
			if (rank > bestRank) {
				best = m;
				bestRank = rank;
			}
		}
		if (best == null) {
			String msg = "no class declares public static void main(String[] args)";
			System.err.println("error: " + msg);
			report("{\"error\":{\"name\":\"NoMainMethod\",\"message\":" + str(msg)
					+ ",\"line\":null,\"column\":null,\"traceback\":\"\"}}");
			System.exit(1);
		}
		String[] mainArgs = java.util.Arrays.copyOfRange(args, 1, args.length);
		// As `java Main ARG...` sets it (the JVM set it to this launcher's).
		StringBuilder command = new StringBuilder(best.getDeclaringClass().getName());
		for (String a : mainArgs)
			command.append(' ').append(a);
		System.setProperty("sun.java.command", command.toString());
		MethodHandle entry;
		try {
			best.setAccessible(true);
			entry = MethodHandles.lookup().unreflect(best);
		} catch (Throwable t) {
			fail(t, source);
			return;
		}
		// Through a method handle, not Method.invoke: its frames are hidden
		// (the JVM's LambdaForms), where reflection's four show in every
		// stack trace the code prints. This launcher's one frame remains.
		try {
			entry.invokeExact(mainArgs);
		} catch (Throwable t) {
			fail(t, source);
		}
	}

	private static void idle(String[] args) {}

	// While the gate is still closed (a warm sandbox waits for its request;
	// a cold run's gate is mostly open by now): the first string
	// concatenation, lambda and stream of a JVM make their machinery
	// (~25 ms of a program that uses them), which every later one reuses.
	private static void warmUp() {
		try {
			java.util.function.IntUnaryOperator next = x -> x + 1;
			String made = "sbx " + java.util.stream.IntStream.range(0, 3).map(next).sum();
			if (made.isEmpty())
				throw new IllegalStateException();
		} catch (Throwable t) {
			// only a head start
		}
	}

	// The gate: sbx writes one byte once every sandbox layer is in place
	// (and, in a warm sandbox, the request's classes and LAUNCHFILE are).
	// No user class is looked at before it: EOF or an error instead of the
	// byte means sbx said no. Java cannot read an fd: /proc/self/fd
	// reopens it, as it does fd 3 for the report.
	private static void gate() {
		int go;
		try (FileInputStream g = new FileInputStream("/proc/self/fd/4")) {
			if (g.available() == 0)
				warmUp();
			go = g.read();
		} catch (Throwable t) {
			go = -1;
		}
		if (go != 'g')
			Runtime.getRuntime().halt(125);
	}

	private static void walk(File d, String pkg, List<String> out) {
		File[] files = d.listFiles();
		if (files == null)
			return;
		for (File f : files) {
			String n = f.getName();
			if (f.isDirectory())
				walk(f, pkg + n + ".", out);
			else if (n.endsWith(".class") && n.indexOf('$') < 0 && !n.equals("_SbxLaunch_.class"))
				out.add(pkg + n.substring(0, n.length() - 6));
		}
	}

	/* The frames from the launcher's call of main on: java Main has none
	 * of them. */
	private static StackTraceElement[] trim(StackTraceElement[] st) {
		int keep = st.length;
		for (int i = 0; i < st.length; i++) {
			String c = st[i].getClassName();
			if (c.startsWith("jdk.internal.reflect.") || c.startsWith("java.lang.reflect.")
					|| c.equals("_SbxLaunch_")) {
				keep = i;
				break;
			}
		}
		StackTraceElement[] trimmed = new StackTraceElement[keep];
		System.arraycopy(st, 0, trimmed, 0, keep);
		return trimmed;
	}

	/* Trims every throwable printStackTrace shows (causes, suppressed, at
	 * any depth), so its "... n more" counts the frames java Main's trace
	 * has in common, as java prints them. A cycle is walked once. */
	private static void trimAll(Throwable t, java.util.Set<Throwable> seen) {
		if (t == null || !seen.add(t))
			return;
		t.setStackTrace(trim(t.getStackTrace()));
		trimAll(t.getCause(), seen);
		for (Throwable s : t.getSuppressed())
			trimAll(s, seen);
	}

	private static void fail(Throwable t, String source) {
		StackTraceElement[] trimmed = trim(t.getStackTrace());
		Integer line = null;
		for (StackTraceElement e : trimmed) {
			if (source.equals(e.getFileName()) && e.getLineNumber() > 0) {
				line = e.getLineNumber();
				break;
			}
		}
		boolean oom = t instanceof OutOfMemoryError;
		String trace;
		try {
			trimAll(t, java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));
			java.io.StringWriter sw = new java.io.StringWriter();
			t.printStackTrace(new java.io.PrintWriter(sw));
			trace = "Exception in thread \"main\" " + sw;
		} catch (Throwable again) {
			trace = t.toString(); // out of memory again: the short form
		}
		System.out.flush();
		System.err.print(trace);
		System.err.flush();
		report("{\"error\":{\"name\":" + str(t.getClass().getName()) + ",\"message\":"
				+ str(t.getMessage() == null ? "" : t.getMessage()) + ",\"line\":"
				+ (line == null ? "null" : line.toString()) + ",\"column\":null,\"traceback\":"
				+ str(trace) + "}" + (oom ? ",\"status\":\"memory_limit\"" : "") + "}");
		Runtime.getRuntime().halt(1);
	}

	private static String str(String s) {
		StringBuilder b = new StringBuilder(s.length() + 2).append('"');
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			switch (c) {
			case '"': b.append("\\\""); break;
			case '\\': b.append("\\\\"); break;
			case '\n': b.append("\\n"); break;
			case '\r': b.append("\\r"); break;
			case '\t': b.append("\\t"); break;
			default:
				if (c < 0x20 || Character.isSurrogate(c) && !validPair(s, i))
					b.append(String.format("\\u%04x", c < 0x20 ? (int) c : 0xfffd));
				else
					b.append(c);
			}
		}
		return b.append('"').toString();
	}

	private static boolean validPair(String s, int i) {
		char c = s.charAt(i);
		if (Character.isHighSurrogate(c))
			return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
		return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
	}

	// fd 3 is the report pipe, which sbx gives the sandbox's uid: Java has
	// no fdopen, so it is reopened as /proc/self/fd/3. Run by hand, fd 3 is
	// whatever the JVM opened first, its own lib/modules (reopened for
	// writing, as root, that truncated the JDK): nothing is written unless
	// fd 3 is a pipe. Where /proc cannot say, or reopening fails, a
	// FileDescriptor is pointed at fd 3 (which needs java.io opened to this
	// class by --add-opens: sbx no longer gives it, so that is a last try).
	private static void report(String json) {
		byte[] data = json.getBytes(StandardCharsets.UTF_8);
		try {
			String to = java.nio.file.Files.readSymbolicLink(java.nio.file.Paths.get("/proc/self/fd/3"))
					.toString();
			if (!to.startsWith("pipe:"))
				return;
		} catch (Throwable t) {
			// cannot tell: sbx's sandbox, where fd 3 is the report pipe
		}
		try (FileOutputStream o = new FileOutputStream("/proc/self/fd/3", true)) {
			o.write(data);
			return;
		} catch (Throwable t) {
			// not reopened: try the fd itself
		}
		try {
			java.io.FileDescriptor fd = new java.io.FileDescriptor();
			java.lang.reflect.Field f = java.io.FileDescriptor.class.getDeclaredField("fd");
			f.setAccessible(true);
			f.setInt(fd, 3);
			FileOutputStream o = new FileOutputStream(fd);
			o.write(data);
			o.flush();
		} catch (Throwable t) {
			// no report pipe: run by hand
		}
	}
}
