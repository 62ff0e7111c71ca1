import java.util.*;
import java.util.function.*;

interface Stack<T> extends Iterable<T> {
    void push(T t);
    T pop();
    boolean isEmpty();
    default T peekOr(T other) { if (isEmpty()) return other; T t = pop(); push(t); return t; }
}
class ArrayStack<T> implements Stack<T> {
    private final List<T> items = new ArrayList<>();
    public void push(T t) { items.add(t); }
    public T pop() { if (items.isEmpty()) throw new NoSuchElementException("stack is empty"); return items.remove(items.size() - 1); }
    public boolean isEmpty() { return items.isEmpty(); }
    public Iterator<T> iterator() { return items.iterator(); }
    @Override public String toString() { return "ArrayStack" + items; }
}
public class Main {
    static <T extends Comparable<T>> T max(List<T> xs) {
        T best = xs.get(0);
        for (T x : xs) if (x.compareTo(best) > 0) best = x;
        return best;
    }
    public static void main(String[] args) {
        Stack<String> s = new ArrayStack<>();
        s.push("a"); s.push("b");
        System.out.println(s + " peek=" + s.peekOr("none"));
        for (String x : s) System.out.print(x + " ");
        System.out.println();
        System.out.println(max(Arrays.asList(3, 9, 2)) + " " + max(Arrays.asList("pear", "apple")));
        Function<Integer, Integer> dbl = x -> x * 2;
        BiFunction<Integer, Integer, Integer> add = Integer::sum;
        Supplier<String> sup = () -> "supplied";
        Predicate<String> empty = String::isEmpty;
        System.out.println(dbl.andThen(dbl).apply(3) + " " + add.apply(2, 3) + " " + sup.get() + " " + empty.negate().test(""));
        s.pop(); s.pop();
        try { s.pop(); } catch (NoSuchElementException e) { System.out.println("caught: " + e.getMessage()); }
    }
}
