public class Main {
    public static void main(String[] args) {
        System.out.println("validating");
        int errors = 2;
        if (errors > 0) {
            System.err.println("found " + errors + " errors");
            System.exit(3);
        }
        System.out.println("unreachable");
    }
}
