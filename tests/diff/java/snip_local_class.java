import java.util.*;
class Counter {
    private int n;
    void inc() { n++; }
    int get() { return n; }
}
Counter c = new Counter();
for (int i = 0; i < 5; i++) c.inc();
System.out.println("count=" + c.get());
enum Color { RED, GREEN }
System.out.println(Arrays.toString(Color.values()));
