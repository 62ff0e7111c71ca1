import java.util.*;
import java.util.stream.*;
var words = List.of("kiwi", "banana", "apple", "fig", "cherry");
Optional<String> longest = words.stream().max(Comparator.comparingInt(String::length));
System.out.println(longest.orElse("none"));
Map<Integer, List<String>> byLen = words.stream().collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()));
System.out.println(byLen);
System.out.println(words.stream().anyMatch(w -> w.startsWith("f")) + " " + words.stream().mapToInt(String::length).sum());
