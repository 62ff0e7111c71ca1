import java.math.*;

public class Main {
    public static void main(String[] args) {
        System.out.println(0.1 + 0.2);
        System.out.println(1.0 / 3 + " " + 2.0f / 3 + " " + 10 / 3 + " " + 10 % 3 + " " + -7 / 2 + " " + Math.floorDiv(-7, 2));
        System.out.println(1e20 + " " + 1e-5 + " " + 100.0 + " " + 1234567.0 + " " + 12345678.9 + " " + (double) Long.MAX_VALUE);
        System.out.println(Integer.MAX_VALUE + 1);
        System.out.println(Long.MAX_VALUE + " " + Double.MIN_VALUE + " " + Float.MAX_VALUE);
        System.out.println(Double.NaN + " " + (1 / 0.0) + " " + (0.0 == -0.0) + " " + Double.compare(0.0, -0.0));
        System.out.println(new BigDecimal("0.1").add(new BigDecimal("0.2")) + " " + new BigDecimal("10").divide(new BigDecimal("3"), 5, RoundingMode.HALF_UP));
        System.out.println(new BigInteger("2").pow(100) + " " + BigInteger.valueOf(20).multiply(BigInteger.valueOf(21)));
        System.out.println(Math.round(2.5) + " " + Math.round(-2.5) + " " + Math.rint(2.5) + " " + Math.sqrt(2) + " " + Math.pow(2, 0.5));
        System.out.println((int) 3.99 + " " + (int) -3.99 + " " + (char) 65 + " " + (byte) 200 + " " + (0.1f + 0.2f));
        System.out.println(Integer.toHexString(-1) + " " + Long.toString(255, 16) + " " + Integer.valueOf(127) .equals(127));
    }
}
