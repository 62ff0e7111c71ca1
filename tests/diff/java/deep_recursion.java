// Depth 5000: deep, and within the default 1 MiB thread stack even when
// the JVM interprets every frame (10000 overflows or not depending on when
// the JIT compiles the method: a test that depends on timing).
public class Main {
    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }
    public static void main(String[] args) {
        System.out.println(depth(5000));
    }
}
