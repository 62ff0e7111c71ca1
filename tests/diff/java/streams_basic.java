import java.util.*;
import java.util.stream.*;

public class Main {
    record Person(String name, int age, String city) {}

    public static void main(String[] args) {
        List<Person> people = List.of(
            new Person("Ann", 31, "Oslo"), new Person("Bob", 25, "Rome"),
            new Person("Cy", 42, "Oslo"), new Person("Dee", 19, "Lima"), new Person("Eve", 35, "Rome"));
        System.out.println(people.stream().filter(p -> p.age() > 30).map(Person::name).collect(Collectors.toList()));
        System.out.println(people.stream().mapToInt(Person::age).average().getAsDouble());
        Map<String, Long> byCity = people.stream().collect(Collectors.groupingBy(Person::city, TreeMap::new, Collectors.counting()));
        System.out.println(byCity);
        System.out.println(people.stream().sorted(Comparator.comparing(Person::age).reversed()).findFirst().get());
        System.out.println(IntStream.rangeClosed(1, 5).map(x -> x * x).boxed().collect(Collectors.toList()));
        System.out.println(Stream.of("a", "b", "c").collect(Collectors.joining(", ", "[", "]")));
        System.out.println(people.stream().collect(Collectors.partitioningBy(p -> p.age() >= 30, Collectors.mapping(Person::name, Collectors.joining("/")))));
        IntSummaryStatistics st = people.stream().mapToInt(Person::age).summaryStatistics();
        System.out.println(st);
    }
}
