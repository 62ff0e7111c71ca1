// Output flood on stderr, catching whatever is thrown.
// sbx-args: --max-output 16k -t 10
// sbx-expect: output_limit
public class Flood {
    public static void main(String[] a) {
        String s = "y".repeat(4096);
        for (;;) { try { System.err.println(s); } catch (Throwable e) { } }
    }
}
