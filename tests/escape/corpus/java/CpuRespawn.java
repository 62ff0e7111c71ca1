// Java: CPU time is the run's, not each process's (issue 12): shells that
// each burn CPU and exit, one after another, under --cpu-time 1; each
// reports its own CPU time (the shell's `times`). The run must end at its
// CPU limit.
// sbx-args: --cpu-time 1 -t 30
// sbx-expect: timeout
// sbx-error: CpuTimeLimit
// sbx-want: BLOCKED
import java.util.regex.*;

public class CpuRespawn {
    public static void main(String[] a) throws Exception {
        System.out.println("BLOCKED: killed before the loop ends");
        System.out.flush();
        double burned = 0;
        Pattern t = Pattern.compile("(\\d+)m([\\d.]+)s\\s+(\\d+)m([\\d.]+)s");
        while (burned < 3.5) {
            Process p = new ProcessBuilder("sh", "-c",
                "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; times").start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor();
            Matcher m = t.matcher(out);
            if (!m.find()) { System.out.println("no times: " + out); return; }
            burned += Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2))
                + Integer.parseInt(m.group(3)) * 60 + Double.parseDouble(m.group(4));
        }
        System.out.printf("ESCAPED burned %.1f CPU-s in children%n", burned);
    }
}
