// Java: processes, the network, the user's files and environment, other
// processes, leftovers in /tmp and /dev/shm, a daemon.
// sbx-expect: ok
// sbx-want: BLOCKED
import java.io.*;
import java.net.*;
import java.nio.file.*;
import java.util.regex.*;

public class Attacks {
    static String in;
    static String input(String k) {
        Matcher m = Pattern.compile("\"" + k + "\":\"?([^,\"}]*)").matcher(in);
        return m.find() ? m.group(1) : "";
    }
    static void v(boolean bad, String what) {
        System.out.println((bad ? "ESCAPED " : "BLOCKED ") + what);
    }
    static String run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String s = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            return s;
        } catch (Exception e) { return "exception " + e; }
    }
    public static void main(String[] a) throws Exception {
        in = Files.readString(Path.of("inputs.json"));
        v(run("cat", "/etc/shadow").startsWith("root:"), "ProcessBuilder reads /etc/shadow");
        v(run("sh", "-c", "echo $" + input("secret_env")).trim().length() > 0, "child sees sbx's environment");
        v(System.getenv(input("secret_env")) != null, "environment variable of sbx");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", Integer.parseInt(input("port"))), 2000);
            v(true, "TCP connect to the host");
        } catch (Exception e) { v(false, "TCP: " + e.getMessage()); }
        try (DatagramSocket s = new DatagramSocket()) {
            s.send(new DatagramPacket(new byte[1], 1, InetAddress.getByName("127.0.0.1"), 9));
            v(true, "UDP send");
        } catch (Exception e) { v(false, "UDP: " + e.getMessage()); }
        try (var ch = java.nio.channels.SocketChannel.open(UnixDomainSocketAddress.of(input("sock")))) {
            v(true, "UNIX socket of the host");
        } catch (Exception e) { v(false, "UNIX socket: " + e.getMessage()); }
        try {
            v(Files.readString(Path.of(input("home"))).contains("top secret"), "read the user's home");
        } catch (Exception e) { v(false, "home: " + e); }
        try {
            v(Files.list(Path.of(input("home")).getParent().resolve(".ssh")).count() >= 0, "list ~/.ssh");
        } catch (Exception e) { v(false, "~/.ssh: " + e); }
        for (String d : new String[] {"/tmp", "/dev/shm"}) {
            try { Files.writeString(Path.of(d, "sbx-esc-left-java"), "x"); } catch (Exception e) { }
        }
        for (String k : new String[] {"pid", "victim"}) {
            long pid = Long.parseLong(input(k));
            boolean reached = ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false);
            v(reached, "kill the " + k);
        }
        // The parent is sbx without a pid namespace, the sandbox's own init
        // (pid1.c) with one, which ignores the signal: what counts is
        // whether the parent died, not whether the signal was sent.
        ProcessHandle.current().parent().ifPresent(p -> v(p.destroyForcibly()
                && p.onExit().completeOnTimeout(null, 1, java.util.concurrent.TimeUnit.SECONDS).join() != null,
                "kill sbx"));
        // A daemon: must be gone when the run ends.
        new ProcessBuilder("sleep", input("token")).start();
        System.out.println("BLOCKED daemon started (the driver checks it is gone)");
    }
}
