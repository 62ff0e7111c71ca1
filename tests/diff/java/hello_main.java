public class Main {
    public static void main(String[] args) {
        System.out.println("Hello, World!");
        System.out.println(args.length);
        System.out.printf("%s has %d chars%n", "sbx", "sbx".length());
    }
}
