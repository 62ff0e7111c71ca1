import java.util.*;

public class Main {
    interface Greeter {
        String name();
        default String greet() { return "Hello, " + name() + "!"; }
        static Greeter of(String n) { return () -> n; }
    }
    interface Loud extends Greeter {
        @Override default String greet() { return Greeter.super.greet().toUpperCase(); }
    }
    public static void main(String[] args) {
        Greeter g = Greeter.of("Ada");
        Loud l = () -> "Bob";
        System.out.println(g.greet());
        System.out.println(l.greet());
        List<Greeter> all = List.of(g, l, Greeter.of("Cy"));
        all.forEach(x -> System.out.println(x.name() + ": " + x.greet()));
    }
}
