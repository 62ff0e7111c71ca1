import java.util.*;

public class Main {
    public static void main(String[] args) {
        List<String> names = new ArrayList<>(List.of("Charlie", "alice", "Bob", "dave"));
        Collections.sort(names);
        System.out.println(names);
        names.sort(String.CASE_INSENSITIVE_ORDER);
        System.out.println(names);
        Map<String, Integer> ages = new TreeMap<>();
        ages.put("zoe", 31); ages.put("adam", 25); ages.put("max", 40);
        System.out.println(ages);
        for (Map.Entry<String, Integer> e : ages.entrySet()) System.out.println(e.getKey() + " -> " + e.getValue());
        Map<String, List<Integer>> lhm = new LinkedHashMap<>();
        lhm.computeIfAbsent("odd", k -> new ArrayList<>()).add(1);
        lhm.computeIfAbsent("even", k -> new ArrayList<>()).add(2);
        lhm.computeIfAbsent("odd", k -> new ArrayList<>()).add(3);
        System.out.println(lhm);
        Set<Integer> set = new TreeSet<>(Arrays.asList(5, 3, 9, 3, 1));
        System.out.println(set + " " + set.size());
        Deque<Integer> stack = new ArrayDeque<>();
        stack.push(1); stack.push(2);
        System.out.println(stack.pop() + " " + stack);
    }
}
