import java.util.*;

public class Main {
    static abstract class Animal implements Comparable<Animal> {
        protected final String name; protected final int legs;
        Animal(String name, int legs) { this.name = name; this.legs = legs; }
        abstract String sound();
        public int compareTo(Animal o) { return name.compareTo(o.name); }
        public String toString() { return getClass().getSimpleName() + "(" + name + ", " + legs + " legs) says " + sound(); }
    }
    static class Dog extends Animal { Dog(String n) { super(n, 4); } String sound() { return "Woof"; } }
    static class Bird extends Animal { Bird(String n) { super(n, 2); } String sound() { return "Tweet"; } }
    static class Parrot extends Bird { Parrot(String n) { super(n); } @Override String sound() { return super.sound() + " (hello!)"; } }
    public static void main(String[] args) {
        List<Animal> zoo = new ArrayList<>(List.of(new Dog("rex"), new Parrot("polly"), new Bird("tweety"), new Dog("ace")));
        Collections.sort(zoo);
        zoo.forEach(System.out::println);
        System.out.println(zoo.stream().mapToInt(a -> a.legs).sum() + " legs");
    }
}
