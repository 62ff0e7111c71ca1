public class Main {
    public static void main(String[] args) {
        int big = Integer.MAX_VALUE;
        System.out.println(big + 1);
        System.out.println((long) big + 1);
        try {
            Math.addExact(big, 1);
        } catch (ArithmeticException e) {
            System.out.println("ArithmeticException: " + e.getMessage());
        }
        System.out.println(10 / 3.0 + " " + 10 / 3 + " " + Math.abs(Integer.MIN_VALUE));
        System.out.println(Math.floorMod(-7, 3) + " " + (-7 % 3) + " " + (5 >> 1) + " " + (-5 >>> 28) + " " + (6 & 3) + " " + (6 ^ 3));
        System.out.println(1 / 0);
    }
}
