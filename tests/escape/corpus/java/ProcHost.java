// Java: /proc without a pid or network namespace is the host's (issue 12):
// other processes' command lines, ProcessHandle.allProcesses(), the host's
// sockets in /proc/net/unix and /proc/net/tcp (the driver's listeners).
// sbx-expect: ok
// sbx-want: BLOCKED
import java.nio.file.*;
import java.util.regex.*;

public class ProcHost {
    static String in;
    static String input(String k) {
        Matcher m = Pattern.compile("\"" + k + "\":\"?([^,\"}]*)").matcher(in);
        return m.find() ? m.group(1) : "";
    }
    static void v(boolean bad, String what) {
        System.out.println((bad ? "ESCAPED " : "BLOCKED ") + what);
    }
    static String read(String p) {
        try { return Files.readString(Path.of(p)); } catch (Exception e) { return null; }
    }
    public static void main(String[] a) throws Exception {
        in = Files.readString(Path.of("inputs.json"));
        long victim = Long.parseLong(input("victim"));
        for (String pid : new String[] {input("pid"), input("victim")})
            v(read("/proc/" + pid + "/cmdline") != null, "read /proc/" + pid + "/cmdline");
        try {
            v(ProcessHandle.allProcesses().anyMatch(p -> p.pid() == victim), "allProcesses sees the victim");
        } catch (RuntimeException e) { v(false, "allProcesses: " + e.getMessage()); }
        try {
            v(ProcessHandle.of(victim).flatMap(p -> p.info().command()).isPresent(), "victim's command");
        } catch (RuntimeException e) { v(false, "victim's command: " + e.getMessage()); }
        String port = String.format(":%04X", Integer.parseInt(input("port")));
        for (String p : new String[] {"/proc/net/unix", "/proc/net/tcp", "/proc/self/net/tcp"}) {
            String t = read(p);
            v(t != null && (t.contains(input("sock")) || t.contains(port)), "host sockets in " + p);
        }
        System.out.println("note: own status readable: " + (read("/proc/self/status") != null));
    }
}
