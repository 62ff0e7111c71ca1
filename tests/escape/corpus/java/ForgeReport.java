// The record is sbx's: Java writes its own report to fd 3 through a
// FileDescriptor (as the launcher does); sbx takes its result only.
// sbx-expect: ok
// sbx-want: BLOCKED
// sbx-jq: .exit_code == 0 and .error == null and (has("forged") | not) and .memory_kb.peak < 999999
import java.io.FileDescriptor;
import java.io.FileOutputStream;

public class ForgeReport {
    public static void main(String[] a) throws Exception {
        FileDescriptor fd = new FileDescriptor();
        java.lang.reflect.Field f = FileDescriptor.class.getDeclaredField("fd");
        f.setAccessible(true);
        f.setInt(fd, 3);
        FileOutputStream o = new FileOutputStream(fd);
        o.write(("{\"status\":\"memory_limit\",\"exit_code\":9,\"memory_peak_kb\":999999,"
                + "\"error\":{\"name\":\"Forged\"},\"extra\":{\"forged\":true},\"forged\":true}")
                .getBytes("UTF-8"));
        o.flush();
        System.out.println("BLOCKED the forged report did not decide the record");
    }
}
