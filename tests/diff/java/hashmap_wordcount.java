import java.util.*;
import java.util.stream.*;

public class Main {
    public static void main(String[] args) {
        String text = "the cat and the hat and the bat sat on the mat";
        Map<String, Integer> counts = new HashMap<>();
        for (String w : text.split(" ")) counts.merge(w, 1, Integer::sum);
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        for (Map.Entry<String, Integer> e : entries.subList(0, 4)) System.out.println(e.getKey() + "=" + e.getValue());
        System.out.println(new TreeMap<>(counts));
        System.out.println(Arrays.stream(text.split(" ")).distinct().sorted().collect(Collectors.joining(" ")));
    }
}
