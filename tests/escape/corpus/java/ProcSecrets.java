// Java: the caller's environment and sbx's memory through other processes'
// /proc files (issue 26): the pid namespace's init is a fork of sbx; its
// environ, cmdline, maps and mem, and those of every other process the
// code can reach, show nothing of sbx's arguments or the caller's
// environment (inputs' secret_env names a variable set in sbx's).
// sbx-expect: ok
// sbx-want: BLOCKED
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.regex.*;

public class ProcSecrets {
    static String in;
    static String input(String k) {
        Matcher m = Pattern.compile("\"" + k + "\":\"?([^,\"}]*)").matcher(in);
        return m.find() ? m.group(1) : "";
    }
    static boolean mine(long pid) {
        long me = ProcessHandle.current().pid();
        for (int i = 0; i < 64 && pid > 1; i++) {
            if (pid == me) return true;
            try {
                String s = Files.readString(Path.of("/proc/" + pid + "/stat"));
                pid = Long.parseLong(s.substring(s.lastIndexOf(')') + 2).split(" ")[1]);
            } catch (Exception e) { return false; }
        }
        return pid == me;
    }
    public static void main(String[] a) throws Exception {
        in = Files.readString(Path.of("inputs.json"));
        String name = input("secret_env");
        TreeSet<Long> pids = new TreeSet<>(List.of(1L, Long.parseLong(input("pid"))));
        try (DirectoryStream<Path> d = Files.newDirectoryStream(Path.of("/proc"))) {
            for (Path p : d)
                if (p.getFileName().toString().matches("[0-9]+")) pids.add(Long.parseLong(p.getFileName().toString()));
        } catch (Exception e) { System.out.println("BLOCKED list /proc: " + e); }
        for (long pid : pids) {
            if (mine(pid)) continue;
            for (String what : new String[] {"environ", "cmdline", "maps"}) {
                String p = "/proc/" + pid + "/" + what;
                byte[] b;
                try { b = Files.readAllBytes(Path.of(p)); } catch (Exception e) { System.out.println("BLOCKED " + p + ": " + e); continue; }
                String s = new String(b, StandardCharsets.ISO_8859_1);
                if (s.contains(name) || s.contains("sbxsecret")) System.out.println("ESCAPED the secret in " + p);
                else if (!what.equals("cmdline") && !s.replace("\0", "").isEmpty()) System.out.println("ESCAPED read " + p);
                else System.out.println("note: " + p + " has no secret");
            }
            String p = "/proc/" + pid + "/mem";
            try (RandomAccessFile f = new RandomAccessFile(p, "r")) { System.out.println("ESCAPED opened " + p); }
            catch (Exception e) { System.out.println("BLOCKED " + p + ": " + e); }
        }
    }
}
