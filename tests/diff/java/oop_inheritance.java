import java.util.*;

abstract class Shape {
    abstract double area();
    String describe() { return String.format("%s with area %.2f", getClass().getSimpleName(), area()); }
}
class Circle extends Shape {
    private final double r;
    Circle(double r) { this.r = r; }
    double area() { return Math.PI * r * r; }
}
class Rect extends Shape {
    protected final double w, h;
    Rect(double w, double h) { this.w = w; this.h = h; }
    double area() { return w * h; }
}
class Square extends Rect {
    Square(double s) { super(s, s); }
    @Override String describe() { return "Square! " + super.describe(); }
}
public class Main {
    public static void main(String[] args) {
        List<Shape> shapes = new ArrayList<>(List.of(new Circle(1), new Rect(2, 3), new Square(1.5)));
        shapes.sort(Comparator.comparingDouble(Shape::area));
        for (Shape s : shapes) System.out.println(s.describe());
        System.out.println(shapes.get(0) instanceof Shape);
    }
}
