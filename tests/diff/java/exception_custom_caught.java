public class Main {
    static class InsufficientFundsException extends Exception {
        final double shortBy;
        InsufficientFundsException(double shortBy) { super("short by " + shortBy); this.shortBy = shortBy; }
    }
    static double balance = 100;
    static void withdraw(double amt) throws InsufficientFundsException {
        if (amt > balance) throw new InsufficientFundsException(amt - balance);
        balance -= amt;
    }
    public static void main(String[] args) {
        double[] requests = {30, 50, 40};
        for (double r : requests) {
            try {
                withdraw(r);
                System.out.printf("withdrew %.2f, balance %.2f%n", r, balance);
            } catch (InsufficientFundsException e) {
                System.out.println("failed: " + e.getMessage() + " (" + e.shortBy + ")");
            } finally {
                System.out.println("done with " + r);
            }
        }
        try {
            Object o = "string";
            Integer i = (Integer) o;
        } catch (ClassCastException e) {
            System.out.println("ClassCastException caught");
        }
        try {
            int[] a = new int[2];
            a[5] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println(e.getMessage());
        }
    }
}
