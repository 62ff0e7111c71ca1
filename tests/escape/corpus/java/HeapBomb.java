// Heap: keep 1 MiB arrays until the memory limit.
// sbx-args: -m 128M -t 10
// sbx-expect: memory_limit
import java.util.*;
public class HeapBomb {
    public static void main(String[] a) {
        List<byte[]> l = new ArrayList<>();
        for (;;) l.add(new byte[1 << 20]);
    }
}
