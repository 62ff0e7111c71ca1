// Depth 5000: deep, and within the default 1 MiB thread stack even when
// the JVM interprets every frame (10000 overflows or not depending on when
// the JIT compiles the method: a test that depends on timing).
import java.util.*;

public class Main {
    static long fib(int n, Map<Integer, Long> memo) {
        if (n < 2) return n;
        Long hit = memo.get(n);
        if (hit != null) return hit;
        long v = fib(n - 1, memo) + fib(n - 2, memo);
        memo.put(n, v);
        return v;
    }
    static void permute(String prefix, String rest, List<String> out) {
        if (rest.isEmpty()) { out.add(prefix); return; }
        for (int i = 0; i < rest.length(); i++) permute(prefix + rest.charAt(i), rest.substring(0, i) + rest.substring(i + 1), out);
    }
    static int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }
    public static void main(String[] args) {
        System.out.println(fib(50, new HashMap<>()) + " " + fib(90, new HashMap<>()));
        List<String> perms = new ArrayList<>();
        permute("", "abc", perms);
        System.out.println(perms);
        System.out.println(gcd(84, 36) + " " + gcd(17, 5));
        System.out.println(depth(5000));
    }
}
