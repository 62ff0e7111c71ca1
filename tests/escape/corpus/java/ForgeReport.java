// The record is sbx's: Java writes its own report to fd 3 by reopening it
// as /proc/self/fd/3 (as the launcher does; java.io's FileDescriptor is
// closed to the code, as under java itself); sbx takes its result only.
// sbx-expect: ok
// sbx-want: BLOCKED
// sbx-jq: .exit_code == 0 and .error == null and (has("forged") | not) and .memory_kb.peak < 999999
import java.io.FileOutputStream;

public class ForgeReport {
    public static void main(String[] a) throws Exception {
        try (FileOutputStream o = new FileOutputStream("/proc/self/fd/3", true)) {
            o.write(("{\"status\":\"memory_limit\",\"exit_code\":9,\"memory_peak_kb\":999999,"
                    + "\"error\":{\"name\":\"Forged\"},\"extra\":{\"forged\":true},\"forged\":true}")
                    .getBytes("UTF-8"));
        }
        System.out.println("BLOCKED the forged report did not decide the record");
    }
}
