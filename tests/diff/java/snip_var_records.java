record Point(int x, int y) {
    double dist() { return Math.sqrt(x * x + y * y); }
}
var p = new Point(3, 4);
System.out.println(p + " -> " + p.dist());
var pts = java.util.List.of(new Point(1, 1), new Point(0, 5), new Point(2, 2));
pts.stream().sorted(java.util.Comparator.comparingDouble(Point::dist)).forEach(System.out::println);
