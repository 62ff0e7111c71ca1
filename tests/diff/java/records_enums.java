import java.util.*;

public class Main {
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);
        final double mass, radius;
        Planet(double m, double r) { mass = m; radius = r; }
        double gravity() { return 6.67300E-11 * mass / (radius * radius); }
    }
    enum Level { LOW, MEDIUM, HIGH }
    record Point(int x, int y) {
        Point { if (x < 0) throw new IllegalArgumentException("x < 0"); }
        double dist() { return Math.sqrt(x * x + y * y); }
    }
    public static void main(String[] args) {
        for (Planet p : Planet.values()) System.out.printf("%-8s %6.2f%n", p, p.gravity());
        System.out.println(Level.valueOf("HIGH").ordinal() + " " + Arrays.toString(Level.values()) + " " + Level.LOW.compareTo(Level.HIGH));
        EnumMap<Level, Integer> counts = new EnumMap<>(Level.class);
        counts.put(Level.HIGH, 2); counts.put(Level.LOW, 5);
        System.out.println(counts);
        Point p = new Point(3, 4);
        System.out.println(p + " " + p.dist() + " " + p.equals(new Point(3, 4)) + " " + p.hashCode());
        switch (Level.MEDIUM) {
            case LOW -> System.out.println("low");
            case MEDIUM, HIGH -> System.out.println("not low");
        }
        String desc = switch (p.x()) { case 3 -> "three"; default -> "other"; };
        System.out.println(desc);
    }
}
