import java.util.*;

public class Main {
    static class Pair<A, B> {
        final A first; final B second;
        Pair(A a, B b) { first = a; second = b; }
        <C> Pair<A, C> withSecond(C c) { return new Pair<>(first, c); }
        @Override public String toString() { return "(" + first + ", " + second + ")"; }
    }
    static class LRU<K, V> extends LinkedHashMap<K, V> {
        private final int cap;
        LRU(int cap) { super(16, 0.75f, true); this.cap = cap; }
        @Override protected boolean removeEldestEntry(Map.Entry<K, V> e) { return size() > cap; }
    }
    public static void main(String[] args) {
        Pair<String, Integer> p = new Pair<>("age", 30);
        System.out.println(p + " " + p.withSecond(List.of(1, 2)));
        LRU<String, Integer> cache = new LRU<>(2);
        cache.put("a", 1); cache.put("b", 2); cache.get("a"); cache.put("c", 3);
        System.out.println(cache.keySet());
    }
}
