public class Main {
    public static void main(String[] args) {
        String[] items = {"Keyboard", "Mouse", "Monitor 27\"", "USB cable"};
        int[] qty = {2, 5, 1, 10};
        double[] price = {49.99, 19.5, 289.0, 3.25};
        String line = "+" + "-".repeat(14) + "+" + "-".repeat(6) + "+" + "-".repeat(10) + "+";
        System.out.println(line);
        System.out.printf("|%-14s|%6s|%10s|%n", "Item", "Qty", "Total");
        System.out.println(line);
        double sum = 0;
        for (int i = 0; i < items.length; i++) {
            double t = qty[i] * price[i];
            sum += t;
            System.out.printf("|%-14s|%6d|%10.2f|%n", items[i], qty[i], t);
        }
        System.out.println(line);
        System.out.printf("|%-21s|%10.2f|%n", "TOTAL", sum);
        System.out.println(line);
    }
}
