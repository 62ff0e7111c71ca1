public class Main {
    public static void main(String[] args) {
        for (int i = 0; i < 4; i++) {
            System.out.println("out " + i);
            System.err.println("err " + i);
        }
        System.out.print("no newline at end");
    }
}
