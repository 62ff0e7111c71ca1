import java.util.*;
String text = "to be or not to be that is the question";
Map<String, Integer> freq = new TreeMap<>();
for (String w : text.split(" ")) freq.merge(w, 1, Integer::sum);
System.out.println(freq);
freq.entrySet().stream()
    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
    .limit(3)
    .forEach(e -> System.out.println(e.getKey() + ": " + e.getValue()));
