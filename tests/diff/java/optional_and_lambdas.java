import java.util.*;
import java.util.stream.*;

public class Main {
    static Optional<String> find(List<String> xs, String prefix) {
        return xs.stream().filter(s -> s.startsWith(prefix)).findFirst();
    }
    public static void main(String[] args) {
        List<String> langs = List.of("java", "javascript", "python", "rust");
        System.out.println(find(langs, "py") + " " + find(langs, "c") + " " + find(langs, "ja").map(String::toUpperCase).orElse("none"));
        System.out.println(find(langs, "go").orElseGet(() -> "fallback") + " " + find(langs, "ru").isPresent());
        Runnable r = () -> System.out.println("runnable ran");
        r.run();
        Comparator<String> byLen = Comparator.comparingInt(String::length);
        System.out.println(langs.stream().sorted(byLen.thenComparing(Comparator.naturalOrder())).collect(Collectors.toList()));
        System.out.println(Stream.iterate(1, x -> x * 3).limit(6).map(String::valueOf).collect(Collectors.joining("<")));
        System.out.println(IntStream.range(0, 20).filter(i -> i % 7 == 3).boxed().collect(Collectors.toList()));
        Map<String, Integer> lengths = langs.stream().collect(Collectors.toMap(s -> s, String::length, (x, y) -> x, TreeMap::new));
        System.out.println(lengths);
    }
}
