// sbx session kernel for Java: one JShell (the JDK's jdk.jshell API, run
// in this JVM: executionEngine "local") evaluates every execution's
// snippets, so variables, methods, classes and imports persist.
//
// Run by the JVM's source launcher (java ... SbxKernel.java) under the same
// sandbox plan, flags and heap as a one-shot `sbx run -l java`. The code's
// System.out and System.err are the process's own, as in a one-shot run;
// its System.in is the execution's "stdin" file (sbx session exec --stdin),
// else empty. Its inputs are inputs.json in the working directory (sbx
// writes it before each execution), as in a one-shot run. No "env" or
// "args" come: a running JVM's environment cannot change and snippets have
// no main(String[] args); sbx refuses them.
//
// fd 0 is sbx's control channel (a socket): one JSON object per line each
// way, as sbx_kernel.py. In: {"state", "token"} once, then {"seq", "code",
// "inputs"} per execution. Out: {"ready", "restored", "unsaved"} once, then
// per execution {"start"}, {"done", "exit_code", "report", "interrupted",
// "cpu_ms", "maxrss_kb"} and, once the snippet history is saved (the source
// of every active snippet, in order: a JSON array written to a temporary
// file, then renamed), {"saved", "ms", "bytes", "unsaved"}. A restore
// evaluates that history again; its output is not shown: the token on
// stdout and stderr ends it before "ready", as it ends every execution's.
// SIGINT stops the running snippet (JShell.stop) and keeps the session.
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.TypeDeclSnippet;
import jdk.jshell.UnresolvedReferenceException;

public final class SbxKernel {
	private static OutputStream ctl;
	private static volatile boolean busy, interrupted;
	private static JShell shell;
	// Snippets that threw or were stopped, and the default imports: not
	// saved, so not evaluated again on restore.
	private static final java.util.Set<String> failed = new java.util.HashSet<>();

	public static void main(String[] args) throws Exception {
		BufferedReader in = new BufferedReader(new InputStreamReader(
		    new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8), 1 << 16);
		ctl = new FileOutputStream(FileDescriptor.in);
		System.setIn(new ByteArrayInputStream(new byte[0]));
		// As `java Main` shows it (a snippet runs as Main's main in sbx run),
		// not the source launcher's command line with sbx's file.
		System.setProperty("sun.java.command", "Main");
		shell = JShell.builder().executionEngine("local").build();
		installInterrupt();
		// The jshell tool's default imports (its DEFAULT startup), not saved.
		for (String pkg : new String[] {"java.io", "java.math", "java.net", "java.nio.file",
						"java.util", "java.util.concurrent", "java.util.function",
						"java.util.prefs", "java.util.regex", "java.util.stream"})
			for (SnippetEvent e : shell.eval("import " + pkg + ".*;"))
				failed.add(e.snippet().id());
		Map<String, Object> hello = SbxJson.obj(SbxJson.parse(in.readLine()));
		if (hello == null)
			return;
		Path state = Paths.get((String) hello.get("state")).resolveSibling("state.jsh.json");
		byte[] token = ((String) hello.get("token")).getBytes(StandardCharsets.UTF_8);
		List<String> unsaved = new ArrayList<>();
		// session exec --fresh: none of the earlier executions' snippets.
		if (Boolean.TRUE.equals(hello.get("fresh")))
			Files.deleteIfExists(state);
		boolean restored = restore(state, unsaved);
		// The restore's output ends here: sbx drops it, unseen.
		mark(token);
		send("{\"ready\":true,\"restored\":" + restored + ",\"unsaved\":" + SbxJson.strings(unsaved) + "}");
		String line;
		while ((line = in.readLine()) != null) {
			if (outOfMemory)
				Runtime.getRuntime().halt(0); // the execution never started: sbx resends it
			Map<String, Object> req = SbxJson.obj(SbxJson.parse(line));
			Object seq = req.get("seq");
			send("{\"start\":" + SbxJson.num(seq) + "}");
			long cpu0 = cpuNanos();
			String[] report = {null};
			FileInputStream stdin = null;
			if (req.get("stdin") instanceof String) {
				try {
					stdin = new FileInputStream((String) req.get("stdin"));
					System.setIn(stdin);
				} catch (IOException e) {
					stdin = null;
				}
			}
			if (req.get("results_max") instanceof Number)
				resultMax = ((Number) req.get("results_max")).longValue();
			int code;
			try {
				code = run((String) req.get("code"), report);
			} catch (OutOfMemoryError e) {
				code = outOfMemoryEscaped(e, report);
			}
			if (stdin != null) {
				System.setIn(new ByteArrayInputStream(new byte[0]));
				try {
					stdin.close();
				} catch (IOException e) {
					// read-only: nothing lost
				}
			}
			mark(token);
			send("{\"done\":" + SbxJson.num(seq) + ",\"exit_code\":" + code + ",\"report\":"
			     + (report[0] == null ? "[]" : "[" + SbxJson.quote(report[0]) + "]")
			     + ",\"interrupted\":" + interrupted
			     + ",\"cpu_ms\":" + (cpuNanos() - cpu0) / 1e6 + ",\"maxrss_kb\":" + maxrssKb()
			     + (outOfMemory ? ",\"out_of_memory\":true" : "") + "}");
			if (outOfMemory)
				continue; // unsaved, and ended before the next: see endIfOutOfMemory
			long t0 = System.nanoTime();
			List<String> notSaved = new ArrayList<>();
			long bytes = save(state, notSaved);
			send("{\"saved\":" + SbxJson.num(seq) + ",\"ms\":" + (System.nanoTime() - t0) / 1e6
			     + ",\"bytes\":" + bytes + ",\"unsaved\":" + SbxJson.strings(notSaved) + "}");
		}
		System.exit(0);
	}

	// sun.misc.Signal (jdk.unsupported): SIGINT would otherwise end the JVM.
	private static void installInterrupt() {
		sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> {
			if (busy) {
				interrupted = true;
				shell.stop();
			}
		});
	}

	// One execution: its snippets one after another, until one fails.
	private static int run(String code, String[] report) {
		interrupted = false;
		SourceCodeAnalysis sca = shell.sourceCodeAnalysis();
		String rest = code;
		String value = null;
		boolean isValue = false;
		// A program (only declarations, a class among them): its main runs.
		List<TypeDeclSnippet> types = new ArrayList<>();
		boolean onlyDeclarations = true;
		snippetLines.clear();
		mainCall = null;
		sourceName = "Main.java";
		while (!rest.isBlank()) {
			SourceCodeAnalysis.CompletionInfo ci = sca.analyzeCompletion(rest);
			String src;
			int line = firstLineOf(code, rest);
			if (ci.completeness().isComplete()) {
				// Without its leading blank lines: JShell numbers the lines
				// of a snippet that starts with one all as line 1.
				src = ci.source().stripLeading();
				rest = ci.remaining();
			} else if (ci.completeness() == SourceCodeAnalysis.Completeness.EMPTY) {
				break;
			} else {
				src = rest; // incomplete: let JShell say what is wrong
				rest = "";
			}
			busy = true;
			List<SnippetEvent> events;
			try {
				events = shell.eval(src);
			} finally {
				busy = false;
			}
			isValue = false;
			for (SnippetEvent e : events) {
				if (e.causeSnippet() != null)
					continue;
				Snippet s = e.snippet();
				snippetLines.put(s.id(), line);
				if (interrupted) {
					failed.add(s.id());
					return 1;
				}
				if (e.status() == Snippet.Status.REJECTED) {
					String msg = diagnostics(s);
					System.err.print(msg);
					report[0] = "{\"error\":{\"name\":\"CompileError\",\"message\":"
						    + SbxJson.quote(msg.split("\n", 3).length > 1 ? msg.split("\n", 3)[1] : msg)
						    + ",\"line\":null,\"column\":null}}";
					return 1;
				}
				if (e.exception() != null) {
					failed.add(s.id());
					endIfOutOfMemory(e.exception());
					String msg = exception(e.exception());
					System.err.print(msg);
					report[0] = "{\"error\":{\"name\":" + SbxJson.quote(exceptionName(e.exception()))
						    + ",\"message\":" + SbxJson.quote(String.valueOf(e.exception().getMessage()))
						    + ",\"line\":null,\"column\":null},\"traceback\":" + SbxJson.quote(msg) + "}";
					return 1;
				}
				if (s instanceof TypeDeclSnippet)
					types.add((TypeDeclSnippet) s);
				else if (s.kind() != Snippet.Kind.IMPORT)
					onlyDeclarations = false;
				if (s.kind() == Snippet.Kind.EXPRESSION
				    || (s.kind() == Snippet.Kind.VAR && s.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND)) {
					value = e.value();
					isValue = true;
				}
			}
		}
		if (onlyDeclarations && !types.isEmpty())
			return runMain(types, report);
		if (isValue && value != null)
			report[0] = resultReport(value);
		return 0;
	}

	// A program file (or -e) declares its classes; as `sbx run` (and java)
	// does, the main(String[]) of one of them runs: a public class's first,
	// then the others', in the order they were declared. A class without a
	// static main(String[]) does not compile the call, so is passed over.
	// The call is not saved: a restore declares the classes, runs nothing.
	private static int runMain(List<TypeDeclSnippet> types, String[] report) {
		List<TypeDeclSnippet> order = new ArrayList<>();
		for (TypeDeclSnippet t : types)
			if (PUBLIC_TYPE.matcher(t.source()).find())
				order.add(t);
		for (TypeDeclSnippet t : types)
			if (!order.contains(t))
				order.add(t);
		// The file's name, as `sbx run` names it: its public class's.
		sourceName = order.get(0).name() + ".java";
		for (TypeDeclSnippet t : order) {
			if (!t.source().contains("main"))
				continue;
			List<SnippetEvent> events;
			String command = System.setProperty("sun.java.command", t.name());
			busy = true;
			try {
				events = shell.eval(t.name() + ".main(new String[0]);");
			} finally {
				busy = false;
			}
			SnippetEvent call = null;
			for (SnippetEvent e : events)
				if (e.causeSnippet() == null)
					call = e;
			if (call == null)
				continue;
			failed.add(call.snippet().id());
			mainCall = call.snippet().id();
			if (call.status() == Snippet.Status.REJECTED) {
				System.setProperty("sun.java.command", command);
				shell.drop(call.snippet());
				continue;
			}
			if (interrupted)
				return 1;
			if (call.exception() != null) {
				endIfOutOfMemory(call.exception());
				String msg = exception(call.exception());
				System.err.print(msg);
				report[0] = "{\"error\":{\"name\":" + SbxJson.quote(exceptionName(call.exception()))
					    + ",\"message\":" + SbxJson.quote(String.valueOf(call.exception().getMessage()))
					    + ",\"line\":null,\"column\":null},\"traceback\":" + SbxJson.quote(msg) + "}";
				return 1;
			}
			return 0;
		}
		return 0;
	}

	// An execution that ran out of the heap is not saved, and the kernel
	// ends when the next one comes (which sbx then gives to a new kernel):
	// what it declared (`List<byte[]> hog = ...` before the loop that
	// filled it, a class's static fields) would keep the heap full, and
	// JShell cannot drop a snippet's values (its class stays loaded), so
	// the next execution would fail for want of memory to compile in. The
	// new kernel restores the state saved after the execution before, as
	// when the memory limit kills the kernel. Not at once after the
	// answer: the end would race the answer's status.
	private static boolean outOfMemory;
	// The room to say that the heap ran out, in the snippet or outside it
	// (JShell's compiler, the kernel's own code), while the snippet's
	// values still hold the heap: released first.
	private static byte[] reserve = new byte[4 << 20];

	// The heap ran out in JShell or the kernel itself, not in a snippet:
	// reported as the JVM reports an uncaught OutOfMemoryError, status 1
	// (memory_limit), and the kernel ends before the next execution.
	private static int outOfMemoryEscaped(OutOfMemoryError e, String[] report) {
		reserve = null;
		busy = false;
		outOfMemory = true;
		String msg = "Exception in thread \"main\" java.lang.OutOfMemoryError: " + e.getMessage() + "\n";
		System.err.print(msg);
		report[0] = "{\"error\":{\"name\":\"java.lang.OutOfMemoryError\",\"message\":"
			    + SbxJson.quote(String.valueOf(e.getMessage()))
			    + ",\"line\":null,\"column\":null},\"traceback\":" + SbxJson.quote(msg) + "}";
		return 1;
	}

	private static void endIfOutOfMemory(Exception e) {
		if (e instanceof EvalException
		    && "java.lang.OutOfMemoryError".equals(((EvalException) e).getExceptionClassName())) {
			reserve = null; // room for the report and the answer
			outOfMemory = true;
		}
	}

	// The frames of this execution's snippets ("#ID:LINE", JShell's) as a
	// one-shot run shows them: the file's name and its line; the call of
	// main, and JShell's own frames below, are not shown.
	private static final Map<String, Integer> snippetLines = new java.util.HashMap<>();
	private static String mainCall, sourceName;

	// The line (0 for the first) where the snippet that starts rest begins.
	private static int firstLineOf(String code, String rest) {
		int at = code.length() - rest.length();
		while (at < code.length() && Character.isWhitespace(code.charAt(at)))
			at++;
		int n = 0;
		for (int i = 0; i < at; i++)
			if (code.charAt(i) == '\n')
				n++;
		return n;
	}

	// null: a frame not to show (the call of main and what is below it).
	private static StackTraceElement frame(StackTraceElement f) {
		String file = f.getFileName();
		if (file == null || !file.startsWith("#"))
			return f;
		String id = file.substring(1);
		if (id.equals(mainCall))
			return null;
		Integer line = snippetLines.get(id);
		if (line == null || f.getLineNumber() < 0)
			return f;
		String cls = f.getClassName().isEmpty() ? "Main" : f.getClassName();
		String method = f.getMethodName().isEmpty() ? "main" : f.getMethodName();
		return new StackTraceElement(cls, method, sourceName, f.getLineNumber() + line);
	}

	private static final java.util.regex.Pattern PUBLIC_TYPE = java.util.regex.Pattern.compile(
	    "^\\s*(@\\w+(\\([^)]*\\))?\\s+)*public\\s+((final|abstract|sealed|strictfp|static)\\s+)*"
	    + "(class|record|enum|interface)\\b");

	// The execution's output limit ("results_max"): its result's bound.
	private static long resultMax = 1L << 20;

	// A result whose JSON passes the output limit is left out (README "Rich
	// results"): null, named by an application/json entry with its size,
	// beside the head of JShell's text of it.
	private static String resultReport(String value) {
		String json = resultJson(value);
		long n = json.getBytes(StandardCharsets.UTF_8).length;
		if (n <= resultMax)
			return "{\"result\":" + json + "}";
		String head = value.length() > 65536 ? value.substring(0, 65536) + "..." : value;
		return "{\"results\":[{\"mime\":\"text/plain\",\"data\":" + SbxJson.quote(head)
		    + "},{\"mime\":\"application/json\",\"data\":\"\",\"truncated\":true,\"bytes\":" + n
		    + "}]}";
	}

	private static String diagnostics(Snippet s) {
		StringBuilder b = new StringBuilder();
		String src = s.source();
		shell.diagnostics(s).forEach(d -> {
			b.append("Error:\n").append(d.getMessage(null)).append('\n');
			long p = d.getStartPosition();
			if (p >= 0 && p <= src.length()) {
				int ls = src.lastIndexOf('\n', (int) Math.max(0, p - 1)) + 1;
				if (p == 0)
					ls = 0;
				int le = src.indexOf('\n', (int) p);
				b.append(src, ls, le < 0 ? src.length() : le).append('\n');
				b.append(" ".repeat((int) p - ls)).append("^\n");
			}
		});
		if (b.length() == 0)
			b.append("Error:\nthis snippet is not valid Java\n");
		return b.toString();
	}

	private static String exceptionName(Exception e) {
		if (e instanceof EvalException) // a class of the code: as javac names it
			return ((EvalException) e).getExceptionClassName().replaceFirst(
			    "^REPL\\.\\$JShell\\$[0-9]+[A-Z]?\\$", "");
		if (e instanceof UnresolvedReferenceException)
			return "UnresolvedReference";
		return e.getClass().getName();
	}

	// As the JVM prints an uncaught exception, without JShell's own frames:
	// each cause with its frames, those it shares with the one it caused
	// as "... N more", as Throwable.printStackTrace does.
	private static String exception(Exception e) {
		if (e instanceof UnresolvedReferenceException) {
			Snippet s = ((UnresolvedReferenceException) e).getSnippet();
			return "Error: " + s.source().strip().split("\n")[0]
			    + " uses something not declared yet\n";
		}
		StringBuilder b = new StringBuilder("Exception in thread \"main\" ");
		List<StackTraceElement> trace = userFrames(e);
		b.append(header(e));
		for (StackTraceElement f : trace)
			b.append("\tat ").append(f).append('\n');
		List<StackTraceElement> enclosing = trace;
		for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
			List<StackTraceElement> own = userFrames(cause);
			int common = 0;
			while (common < own.size() && common < enclosing.size()
			       && own.get(own.size() - 1 - common)
				      .equals(enclosing.get(enclosing.size() - 1 - common)))
				common++;
			b.append("Caused by: ").append(header(cause));
			for (int i = 0; i < own.size() - common; i++)
				b.append("\tat ").append(own.get(i)).append('\n');
			if (common > 0)
				b.append("\t... ").append(common).append(" more\n");
			enclosing = own;
		}
		return b.toString();
	}

	private static String header(Throwable t) {
		String name = t instanceof EvalException ? exceptionName((EvalException) t)
							  : t.getClass().getName();
		return name + (t.getMessage() != null ? ": " + t.getMessage() : "") + "\n";
	}

	// The code's frames, down to main's (or the snippet's).
	private static List<StackTraceElement> userFrames(Throwable t) {
		List<StackTraceElement> out = new ArrayList<>();
		for (StackTraceElement f : t.getStackTrace()) {
			String c = f.getClassName();
			if (c.startsWith("jdk.jshell.") || c.startsWith("jdk.internal.")
			    || c.startsWith("java.lang.reflect.") || c.startsWith("SbxKernel"))
				break;
			StackTraceElement shown = frame(f);
			if (shown == null)
				break;
			out.add(shown);
		}
		return out;
	}

	// JShell's value text: numbers, booleans and null as JSON; a string
	// (which JShell shows quoted) as its text; the rest as shown.
	private static String resultJson(String v) {
		if (v.equals("true") || v.equals("false") || v.equals("null"))
			return v;
		if (v.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?"))
			return v;
		if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
			Object s = SbxJson.parse(v);
			if (s instanceof String)
				return SbxJson.quote((String) s);
		}
		return SbxJson.quote(v);
	}

	private static boolean restore(Path state, List<String> unsaved) {
		if (!Files.exists(state))
			return false;
		Object h;
		try {
			h = SbxJson.parse(Files.readString(state));
		} catch (Exception e) {
			unsaved.add("the saved state (" + e + ")");
			return true;
		}
		for (Object src : (List<?>) h) {
			for (SnippetEvent e : shell.eval((String) src)) {
				if (e.causeSnippet() == null
				    && (e.status() == Snippet.Status.REJECTED || e.exception() != null))
					unsaved.add(firstLine((String) src));
			}
		}
		System.out.flush();
		System.err.flush();
		return true;
	}

	private static long save(Path state, List<String> notSaved) {
		StringBuilder b = new StringBuilder("[");
		shell.snippets().forEach(s -> {
			if (!shell.status(s).isActive() || s.kind() == Snippet.Kind.ERRONEOUS
			    || failed.contains(s.id()))
				return;
			if (b.length() > 1)
				b.append(',');
			b.append(SbxJson.quote(s.source()));
		});
		b.append("]\n");
		Path tmp = state.resolveSibling(state.getFileName() + ".tmp");
		try {
			byte[] data = b.toString().getBytes(StandardCharsets.UTF_8);
			Files.write(tmp, data);
			Files.move(tmp, state, StandardCopyOption.REPLACE_EXISTING,
				   StandardCopyOption.ATOMIC_MOVE);
			return data.length;
		} catch (IOException e) {
			notSaved.add("the state (" + e + ")");
			return 0;
		}
	}

	private static long cpuNanos() {
		try {
			return ((com.sun.management.OperatingSystemMXBean) ManagementFactory
				    .getOperatingSystemMXBean())
			    .getProcessCpuTime();
		} catch (Throwable t) {
			return 0;
		}
	}

	private static long maxrssKb() {
		try {
			for (String l : Files.readAllLines(Paths.get("/proc/self/status")))
				if (l.startsWith("VmHWM:"))
					return Long.parseLong(l.replaceAll("[^0-9]", ""));
		} catch (Exception e) {
		}
		return 0;
	}

	private static String firstLine(String s) {
		String t = s.strip();
		int nl = t.indexOf('\n');
		return nl < 0 ? t : t.substring(0, nl);
	}

	// The end of what was written so far, on stdout and stderr: sbx cuts
	// the output there (an execution's, or the restore's, which it drops).
	private static void mark(byte[] token) {
		System.out.flush();
		System.err.flush();
		System.out.write(token, 0, token.length);
		System.out.flush();
		System.err.write(token, 0, token.length);
		System.err.flush();
	}

	private static void send(String json) throws IOException {
		ctl.write((json + "\n").getBytes(StandardCharsets.UTF_8));
		ctl.flush();
	}
}
